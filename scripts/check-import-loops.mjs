// No files import each other in a loop, directly or through others (issue 31): a loop ties the
// files into one, and makes what a module sees at load time depend on which was imported first.
// Part of `npm run lint`. TypeScript reads each file's imports (`import type` too) and resolves
// them as the compiler does; madge, the usual tool, asks for TypeScript 5 (docs/decisions/0035).
import path from 'node:path'
import ts from 'typescript'

const configFile = ts.findConfigFile('.', ts.sys.fileExists, 'tsconfig.json')
const { config } = ts.readConfigFile(configFile, ts.sys.readFile)
const { fileNames, options } = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configFile))

/** Each file of the project, with the files of the project it imports. */
const imports = new Map(
  fileNames.map((file) => {
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file), true, true)
    const local = importedFiles.flatMap(({ fileName }) => {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule
      return resolved && !resolved.isExternalLibraryImport ? [path.resolve(resolved.resolvedFileName)] : []
    })
    return [path.resolve(file), local]
  }),
)

// Tarjan's strongly connected components: each of more than one file is a loop.
const index = new Map()
const low = new Map()
const stack = []
const onStack = new Set()
const loops = []
function visit(file) {
  index.set(file, index.size)
  low.set(file, index.get(file))
  stack.push(file)
  onStack.add(file)
  for (const next of imports.get(file) ?? []) {
    if (!imports.has(next)) continue
    if (!index.has(next)) {
      visit(next)
      low.set(file, Math.min(low.get(file), low.get(next)))
    } else if (onStack.has(next)) {
      low.set(file, Math.min(low.get(file), index.get(next)))
    }
  }
  if (low.get(file) !== index.get(file)) return
  const loop = []
  let member
  do {
    member = stack.pop()
    onStack.delete(member)
    loop.push(path.relative('.', member))
  } while (member !== file)
  if (loop.length > 1) loops.push(loop.sort())
}
for (const file of imports.keys()) if (!index.has(file)) visit(file)

if (loops.length > 0) {
  console.error(`Files that import each other in a loop (${loops.length}): move what they share into a file both import.`)
  for (const loop of loops) console.error(`  ${loop.join(' <-> ')}`)
  process.exit(1)
}
console.log(`No import loops among ${imports.size} files.`)
