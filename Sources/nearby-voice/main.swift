import Foundation

exit(NearbyVoice.run(Array(CommandLine.arguments.dropFirst())))
