package mcp

import "net/http"

// ValidHeaderName reports whether s can be sent as a header name: an RFC
// 9110 token. net/http refuses to send a request with any other name, so
// a header the user gives must be checked before the session starts.
func ValidHeaderName(s string) bool { return isToken(s) }

// HeaderValueControl returns the first byte of s that net/http refuses in
// a header value (a control character other than a tab, or DEL) and true,
// or false when s can be sent. A user's -H value and a server's event id
// sent back as Last-Event-ID are checked by it alike.
func HeaderValueControl(s string) (byte, bool) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' || c == 0x7f {
			return c, true
		}
	}
	return 0, false
}

// SetHost makes a Host among the user's headers h the request's Host:
// net/http sends req.Host and ignores a Host in req.Header, so -H 'Host:
// ...' (to see how a gateway treats a foreign Host) would be dropped
// without a word.
func SetHost(req *http.Request, h http.Header) {
	if host := h.Get("Host"); host != "" {
		req.Host = host
	}
}
