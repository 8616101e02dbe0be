package mcp

import (
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that restarts (or forgets the session) ends the GET stream, and
// the GET that reopens it is the first request to hear that the session is
// gone: 404 from the Go SDK, 400 with JSON-RPC -32000 and no id from the
// TypeScript SDK. Either way the session expires there and then (press i),
// rather than a bare error now and the expiry only at the next POST.
func TestStreamableGetStreamSeesSessionGone(t *testing.T) {
	for _, gone := range []mcptest.GoneShape{mcptest.Gone404, mcptest.Gone400JSONRPC} {
		srv, s, rec := dialStreamable(t, mcptest.StreamableOptions{Gone: gone}, Config{})
		sess, err := srv.WaitSession(testCtx(t))
		if err != nil {
			t.Fatal(err)
		}
		rec.waitFor(t, "the GET stream open", func(r Record) bool {
			return r.Kind == KindState && r.State.State == StateGetStream && r.State.Detail == "open"
		})
		posts := func(before int64) (n int) {
			for _, r := range rec.all() {
				if r.Kind == KindHTTP && r.HTTP.Method == http.MethodPost && (before == 0 || r.Seq < before) {
					n++
				}
			}
			return n
		}
		sent := posts(0)
		sess.Expire()
		expired := rec.waitFor(t, "the expired state", func(r Record) bool { return r.Kind == KindState && r.State.State == StateExpired })
		if n := posts(expired.Seq); n != sent {
			t.Errorf("gone %v: %d POSTs before the expiry, %d before the session ended; want the GET's answer alone to expire it", gone, n, sent)
		}
		for _, r := range rec.all() {
			if r.Kind == KindError && r.Error.Op == OpStream {
				t.Errorf("gone %v: the GET's refusal is a stream error %q; want it taken as the session's end", gone, r.Error.Message)
			}
		}
		if s.InitializeResult() != nil {
			t.Errorf("gone %v: the session still counts as initialized", gone)
		}
		if _, err := s.Initialize(testCtx(t)); err != nil {
			t.Fatalf("gone %v: initialize after expiry: %v", gone, err)
		}
	}
}
