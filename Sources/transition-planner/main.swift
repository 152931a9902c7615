#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import PlannerService

let code = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(code)
