import MVVM
import Testing

@Suite struct ImageViewModelTests {
  @Test func aLoadedImageBelowTheFoldIsLazyAndNotFailed() {
    let image = ImageViewModel(
      url: "/media/a.jpg", width: 64, height: 48, altText: "Ann", isActive: false,
      placeholderURL: "/static/placeholder.svg")
    guard case .url("/media/a.jpg") = image.output(named: "url") else { Issue.record(); return }
    guard case .text("64") = image.output(named: "width") else { Issue.record(); return }
    guard case .flag(true) = image.output(named: "lazy") else { Issue.record(); return }
    guard case .flag(false) = image.output(named: "failed") else { Issue.record(); return }
    #expect(ImageViewModel.outputSchema.mismatches(in: image) == [])
  }

  @Test func aMissingImageShowsThePlaceholder() {
    let image = ImageViewModel(
      url: nil, width: 64, height: 64, altText: "", isActive: true,
      placeholderURL: "/static/placeholder.svg")
    guard case .url("/static/placeholder.svg") = image.output(named: "url") else {
      Issue.record(); return
    }
    guard case .flag(true) = image.output(named: "failed") else { Issue.record(); return }
    #expect(image.output(named: "nope") == nil)
  }
}
