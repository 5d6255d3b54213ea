// CloudFront Function (viewer request) for the web bucket: client routes such as
// /grievances/12 have no file behind them, so they are served /index.html and the SPA's
// router takes over. Paths with a file extension (assets) and /api/* pass unchanged. The
// citizen's status page is a page of its own (/status.html), small enough for a phone on a
// slow line.
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.indexOf('/api/') === 0) {
    return request;
  }
  if (uri === '/status' || uri === '/status/') {
    request.uri = '/status.html';
    return request;
  }
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
