print("run swift-openapi-generator: swift build --product swift-openapi-generator")
