package mcp

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 200 whose body is an HTML page (a single sign-on proxy's login page
// in front of the server) says what the page says, as an error status's
// page is quoted: the Content-Type alone left the user guessing whose
// page it was and why.
func TestHTMLAnswerQuotesItsText(t *testing.T) {
	for _, l := range listToolsInBothEras(t, func(x *mcptest.Exchange) {
		if x.Method != "tools/list" {
			x.Default()
			return
		}
		x.Status(http.StatusOK, "text/html; charset=utf-8", "<!DOCTYPE html><html><head><title>Sign in</title><style>p{}</style></head><body><p>Sign in to Corp \x1b[31mSSO</p></body></html>")
	}) {
		if CauseOf(l.err) != CauseBadContentType || !strings.Contains(l.err.Error(), `neither JSON nor an event stream: HTML: Sign in; Sign in to Corp`) {
			t.Errorf("%s: tools/list = %v (cause %q), want the page's text quoted", l.url, l.err, CauseOf(l.err))
		}
	}
}

// A 200 with no Content-Type at all said it came `with Content-Type ""`,
// which reads as a header sent empty.
func TestAnswerWithNoContentTypeSaysNone(t *testing.T) {
	for _, l := range listToolsInBothEras(t, func(x *mcptest.Exchange) {
		if x.Method != "tools/list" {
			x.Default()
			return
		}
		x.Status(http.StatusOK, "", `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[]}}`)
	}) {
		if CauseOf(l.err) != CauseBadContentType || !strings.Contains(l.err.Error(), "with Content-Type none, neither JSON") {
			t.Errorf("%s: tools/list = %v (cause %q), want it said to have no Content-Type", l.url, l.err, CauseOf(l.err))
		}
	}
}
