package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A POST taken with a 200 whose body is an error page, and no answer on
// the stream, times out quoting what the POST's answer said; a 202 with
// "Accepted" says nothing more.
func TestTimeoutQuotesTheBodyOfATakenPost(t *testing.T) {
	handle := func(c *mcptest.Call) {
		switch c.Method {
		case "tools/list":
			c.Status(200, "text/html", "<html><h1>Error 500</h1>upstream died</html>\n")
		case "ping":
			c.Status(202, "text/plain", "Accepted")
		default:
			c.Default()
		}
	}
	_, s, _ := dial(t, mcptest.Options{Handle: handle}, Config{RequestTimeout: 1500 * time.Millisecond})
	_, err := s.Request(testCtx(t), "tools/list", nil)
	var te *TimeoutError
	if !errorsAs(err, &te) || !strings.Contains(err.Error(), "its POST was answered 200 OK, text/html: <html><h1>Error 500</h1>upstream died</html>") {
		t.Errorf("Request = %v, want a timeout quoting the POST's answer", err)
	}
	_, err = s.Request(testCtx(t), "ping", nil)
	if !errorsAs(err, &te) || te.PostSaid != "" {
		t.Errorf("Request = %v, want a timeout with nothing more said for Accepted", err)
	}
}
