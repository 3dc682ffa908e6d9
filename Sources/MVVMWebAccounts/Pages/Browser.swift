/// A browser's name in words, from its `User-Agent`: enough for a person to tell their
/// sessions apart ("Firefox on Linux"), never more than the header says.
enum Browser {
  static func name(_ agent: String) -> String {
    let browsers = [
      ("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari"),
      ("curl/", "curl"),
    ]
    let systems = [
      ("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"), ("Windows", "Windows"),
      ("Mac OS X", "macOS"), ("Linux", "Linux"),
    ]
    let browser = browsers.first { agent.contains($0.0) }?.1
    let system = systems.first { agent.contains($0.0) }?.1
    switch (browser, system) {
    case (let browser?, let system?): return "\(browser) on \(system)"
    case (let browser?, nil): return browser
    case (nil, let system?): return "A browser on \(system)"
    case (nil, nil): return "An unknown browser"
    }
  }
}
