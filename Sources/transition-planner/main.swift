import PlannerService

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let code = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(code)
