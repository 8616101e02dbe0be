package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The export of a proxied session advises its client, as the TUI and the
// headless lines do: upstream's answer that broke off is the client's to
// send again. It said "run the command again", a reader's action, and
// the reader ran no command that sent it.
func TestExportOfAProxiedSessionAdvisesItsClient(t *testing.T) {
	md := breakingExport(t, false)
	_, failure, _ := strings.Cut(md, "upstream's answer broke off")
	failure, _, _ = strings.Cut(failure, "\n\n")
	if !strings.Contains(failure, "the client must send it again") || strings.Contains(md, "run the command again") {
		t.Errorf("the export of the broken answer does not advise the client to send it again:\n%.3000s", md)
	}
}

// A GET stream that broke off was advised as an answer that did: "the
// client must send it again", where the client sent no request to send.
// What is lost is what the server sends unasked, until the client opens
// the stream again.
func TestBrokenGETStreamIsAdvisedAsAStream(t *testing.T) {
	md := breakingExport(t, true)
	_, problem, _ := strings.Cut(md, "upstream's GET stream broke off")
	problem, _, _ = strings.Cut(problem, "\n")
	if strings.Contains(problem, "send it again") || !strings.Contains(problem, "until the client opens it again") {
		t.Errorf("the export advises the broken GET stream as a request to send again:\n%.3000s", md)
	}
}

// breakingExport is the export of a session proxied to an upstream that
// breaks the connection of its answer to a tools/call, or, with get, of
// the GET stream the client opens.
func breakingExport(t *testing.T, get bool) string {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/call" {
			x.SSE()
			_ = x.FlushHeaders()
			x.Break()
			return
		}
		x.Default()
	}})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	base := h.run.base + "/mcp"
	sid := initializeAt(t, base)
	if !get {
		clientPost(t, base, sid, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{}}}`)
	} else {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base, nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Mcp-Session-Id", sid)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("GET: %v", err)
		}
		sess, err := srv.WaitSession(ctx)
		if err == nil {
			err = sess.WaitGET(ctx)
		}
		if err != nil {
			t.Fatalf("upstream's GET stream: %v", err)
		}
		sess.BreakGET()
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	h.stop()

	md, errOut, code := run(t, "export", onlyRecording(t, h.dir))
	if code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	return md
}
