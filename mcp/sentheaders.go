package mcp

import (
	"net/http"
	"strings"
)

// SentHeaders is req's header as net/http writes it on the wire, for the
// record of the request, which must say what the server got rather than
// what the header map held:
//   - User-Agent goes as its first value alone, trimmed, and not at all
//     when that is empty (-H 'User-Agent:' or 'User-Agent;': send none);
//   - Host goes as req.Host (the URL's host when that is empty), never as
//     the map says.
//
// Headers net/http adds on its own (Host, Content-Length, Accept-Encoding)
// are not added here: a record shows the headers the request was given.
// Content-Length, Transfer-Encoding and Trailer in the map are written
// from the body instead; a proxied client's are what its body says, and
// the user's -H cannot name them (UnsentHeader).
func SentHeaders(req *http.Request) map[string][]string {
	h := req.Header.Clone()
	if vs, ok := h["User-Agent"]; ok {
		if len(vs) > 0 && strings.TrimSpace(vs[0]) != "" {
			h["User-Agent"] = []string{strings.TrimSpace(vs[0])}
		} else {
			delete(h, "User-Agent")
		}
	}
	if _, ok := h["Host"]; ok {
		host := req.Host
		if host == "" && req.URL != nil {
			host = req.URL.Host
		}
		h["Host"] = []string{host}
	}
	return h
}

// unsentHeaders are the headers net/http writes from the request's body
// and never from its header map.
var unsentHeaders = []string{"Content-Length", "Transfer-Encoding", "Trailer"}

// UnsentHeader reports whether a header named name given by the user
// would never be sent as given: net/http writes it from the body itself.
func UnsentHeader(name string) bool {
	for _, k := range unsentHeaders {
		if strings.EqualFold(k, name) {
			return true
		}
	}
	return false
}
