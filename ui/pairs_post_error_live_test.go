package ui

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request whose POST got no HTTP answer (the server took it and dropped
// the connection) reads "✗ POST error" in Pairs, whole in the STATE
// column's 12 cells at 80 and 160 columns, where "✗ POST failed" was cut
// mid-word to "✗ POST fail…" at every width. (One that found no server to
// connect to was never sent: TestLiveMessageRefusedAConnectionReadsNotSent.)
func TestPostWithNoAnswerReadsWholeInPairs(t *testing.T) {
	for _, w := range []int{80, 160} {
		srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
			body, _ := io.ReadAll(r.Body)
			if strings.Contains(string(body), `"tools/list"`) {
				// Taken, and the connection dropped: no answer.
				if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
					_ = conn.Close()
				}
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			gateway.ServeHTTP(w, r)
		})
		l := startLiveReady(t, mcp.Config{URL: srv.URL + "/mcp", Transport: mcp.TransportStreamable, NoGetStream: true}, w, 45, "● initialized")
		l.mark()
		l.tm.Type("l")
		l.waitRowState("tools/list", "✗ POST error")
		l.quit()
	}
}

// A request refused before any POST went out (the session it would go in
// expired: the server answered 404 to the request before it) reads "✗ not
// sent", where "✗ POST error" sent the reader looking for a POST that
// never was.
func TestRequestNeverPostedReadsNotSent(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
		x.Status(http.StatusNotFound, "text/plain", "no such session")
	})})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true}, 80, 24, "● initialized")
	l.mark()
	l.tm.Type("l")
	l.waitRowState("tools/list", "✗ POST 404")
	l.mark()
	l.tm.Type("l")
	l.waitRowState("tools/list", "✗ not sent")
	l.quit()
}
