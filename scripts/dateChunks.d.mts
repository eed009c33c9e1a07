export declare function dateParserChunks(dist: string): {
  parser: string | undefined
  languages: string[]
}
