import MVVMWebViewModels
import Testing

@Suite struct ImageViewModelTests {
  @Test func aLoadedImageBelowTheFoldIsLazyAndNotFailed() {
    let image = ImageViewModel(
      source: .web("https://covers.test/a.jpg"), width: 64, height: 48, alt: "Ann",
      isActive: false, placeholder: Link(Asset("placeholder.svg")))
    #expect(image.url == .web("https://covers.test/a.jpg"))
    #expect(image.width == 64 && image.height == 48 && image.alt == "Ann")
    #expect(image.loading == "lazy" && !image.failed)
  }

  @Test func aMissingImageShowsThePlaceholder() {
    let image = ImageViewModel(
      source: nil, width: 64, height: 64, alt: "", isActive: true,
      placeholder: Link(Asset("placeholder.svg")))
    #expect(image.url == Link(Asset("placeholder.svg")))
    #expect(image.failed && image.loading == "eager")
  }
}
