package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
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

// breakingExport is the export of a session proxied to an upstream whose
// answer to a tools/call breaks off, and whose GET stream does too when
// the client opens one (get).
func breakingExport(t *testing.T, get bool) string {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler) // the stream breaks off
		}
		body, _ := io.ReadAll(r.Body)
		switch msg := string(body); {
		case strings.Contains(msg, `"initialize"`):
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Mcp-Session-Id", "s1")
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`)
		case strings.Contains(msg, `"tools/call"`):
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler) // the answer breaks off
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	}))
	t.Cleanup(up.Close)
	h := startHeadless(t, up.URL+"/mcp", proxyFlags{})
	base := h.run.base + "/mcp"
	_, sid := clientPost(t, base, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	clientPost(t, base, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	if get {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, base, nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Mcp-Session-Id", sid)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	} else {
		clientPost(t, base, sid, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{}}}`)
	}
	h.stop()

	md, errOut, code := run(t, "export", onlyRecording(t, h.dir))
	if code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	return md
}
