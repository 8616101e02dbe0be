package mcp

import (
	"fmt"
	"net/textproto"
	"strings"
)

// headersExceeded is how net/http words an answer whose headers went past
// its limit (MaxResponseHeaderBytes, 10 MiB by default) before the final
// status: endless 1xx answers or a header without end.
const headersExceeded = "server response headers exceeded "

// maxHeaderBytes is net/http's limit on an answer's headers
// (MaxResponseHeaderBytes left at its default), 1xx answers included.
const maxHeaderBytes = 10 << 20

// errInterimFlood ends an answer whose 1xx answers alone went past
// maxHeaderBytes, in net/http's words for the same, which HeadersTooLong
// reads.
var errInterimFlood = fmt.Errorf("%s%d bytes", headersExceeded, maxHeaderBytes)

// headerBytes is about what a 1xx answer's headers took on the wire: a
// status line, and each header's name, value and line end.
func headerBytes(h textproto.MIMEHeader) int {
	n := len("HTTP/1.1 100 Early Hints\r\n\r\n")
	for k, vs := range h {
		for _, v := range vs {
			n += len(k) + len(": \r\n") + len(v)
		}
	}
	return n
}

// HeadersTooLong says, for an error net/http gave because the answer's
// headers went past its limit, what the server did, in place of
// net/http's wording that names neither 1xx answers nor the server.
func HeadersTooLong(err error) (string, bool) {
	msg := err.Error()
	i := strings.Index(msg, headersExceeded)
	if i < 0 {
		return "", false
	}
	var limit int64
	if _, e := fmt.Sscanf(msg[i+len(headersExceeded):], "%d", &limit); e != nil {
		return "", false
	}
	return fmt.Sprintf("the server sent more than %d bytes of headers without ending them (endless 1xx answers such as 103 Early Hints, or a header without end)", limit), true
}
