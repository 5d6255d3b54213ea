// CloudFront Function (viewer request) for the web bucket: client routes such as
// /grievances/12 have no file behind them, so they are served /index.html and the SPA's
// router takes over. Paths with a file extension (assets) and /api/* pass unchanged.
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.indexOf('/api/') === 0) {
    return request;
  }
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
