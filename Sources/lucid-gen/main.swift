import Foundation
import LucidGenCLI

exit(LucidGenCommand.run(Array(CommandLine.arguments.dropFirst())).rawValue)
