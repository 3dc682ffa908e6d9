import MVVMWebViewModels

/// A page: one template and the type of view model it renders, declared once, on a type, the
/// way askama puts a template's path on its struct. The template is checked against the view
/// model's outputs when the site starts, and rendering a page with another type of view model
/// does not compile.
///
/// ```swift
/// enum HelloPage: Page {
///   typealias ViewModel = HelloViewModel
///   static let template = "hello.xhtml"
/// }
/// ```
///
/// A view model can be its own page:
///
/// ```swift
/// extension ShoutViewModel: Page {
///   public static let template = "shout.xhtml"
/// }
/// ```
///
/// Declare the page to the site (`Site.declare(_:)`, or a route that renders it) to get the
/// `PageView` that renders it: a page that is not loaded cannot be rendered.
public protocol Page: SendableMetatype {
  /// What the template's bindings read.
  associatedtype ViewModel: Outputs
  /// The template's file, relative to the site's templates folder (`"rankings.xhtml"`).
  static var template: String { get }
}

extension Page where Self: Outputs {
  /// A view model that is its own page renders itself.
  public typealias ViewModel = Self
}
