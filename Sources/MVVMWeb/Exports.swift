// One import for an app: the server, the templates and the view-model contract come with the
// framework, so `import MVVMWeb` is all a feature's web module writes.
@_exported import MVVMWebServer
@_exported import MVVMWebTemplates
@_exported import MVVMWebViewModels
