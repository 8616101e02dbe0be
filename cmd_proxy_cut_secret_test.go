package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// proxyCutBearer is the client's token in the proxy's cut-echo test: no
// four bytes of it are likely anywhere else in a recording.
const proxyCutBearer = "Wm4Hc8Rt1Zx6Pv3Kq9Ly5Bn2Gd7Js0Fa"

// An upstream that echoes the proxied client's Authorization where a record
// is cut (a header past HeaderLimit, an error page's first line, a body past
// BodyLimit, the window of a JSON syntax error either side of where it
// stopped) left a piece of the client's token in the recording: the proxy's
// redactor learns the client's token from its request's headers, and redacts
// its pieces at every cut as it does the user's --bearer. The headless
// proxy's lines, read from the redacted records, hold none either.
func TestProxyRecordingRedactsClientTokenAtEveryCut(t *testing.T) {
	echo := mcptest.EchoCredentialAcross(mcp.HeaderLimit, 200, mcp.BodyLimit)
	upstream := mcptest.PostOnly(t, func(w http.ResponseWriter, r *http.Request, msg, id string) {
		if !strings.Contains(msg, `"ping"`) {
			echo(w, r, msg, id)
			return
		}
		cred := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"jsonrpc":"2.0","id":` + id + `,"result":"` + cred + `" ` + cred + `}`))
	})
	h := startHeadless(t, strings.TrimSuffix(upstream, "/mcp"), proxyFlags{})
	for i, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"cut","version":"1"}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"ping"}`,
	} {
		req, err := http.NewRequest(http.MethodPost, h.run.base+"/mcp", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+proxyCutBearer)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("POST %d: %v", i, err)
		}
		// The proxy gives the answer's last byte only once it has logged
		// what it made of the answer: read to the end, so the stop below
		// comes after that, as a client's would.
		_, err = io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("POST %d: reading the answer: %v", i, err)
		}
	}
	h.stop()
	all := recordingsText(t, h.dir)
	for _, want := range []string{"hhhh", "llll", "bbbb", `\" ` + history.Redacted} {
		if !strings.Contains(all, want) {
			t.Errorf("the recordings miss %q, an echo or its error:\n%.3000s", want, all)
		}
	}
	if p := mcptest.PieceOf([]byte(all), proxyCutBearer, 4); p != "" {
		i := strings.Index(all, p)
		t.Errorf("the recordings hold %q of the client's token: …%s…", p, all[max(0, i-200):min(len(all), i+60)])
	}
	lines := h.errw.String()
	if !strings.Contains(lines, "▶") {
		t.Errorf("the proxy's lines do not quote where the JSON broke:\n%s", lines)
	}
	if p := mcptest.PieceOf([]byte(lines), proxyCutBearer, 4); p != "" {
		t.Errorf("the proxy's lines hold %q of the client's token:\n%s", p, lines)
	}
}

// A legacy upstream whose endpoint event, too large to be one, holds the
// client's token across the 256 bytes the proxy's record of the refused
// endpoint quotes, left the token's start in that record: the event is
// the server's, kept whole and redacted whole, but the quote of it was cut.
// No piece of four bytes or more reaches the recording now.
func TestProxyRecordingRedactsClientTokenInACutEndpoint(t *testing.T) {
	stateDir(t)
	const quoted = 256
	prefix := "/message?x="
	up := mcptest.New(t, mcptest.Options{Endpoint: func(_, _ string) string {
		return prefix + strings.Repeat("p", quoted-len(prefix)-len(proxyCutBearer)/2) + proxyCutBearer + strings.Repeat("q", 70<<10)
	}})
	h := startHeadless(t, up.SSEURL(), proxyFlags{})
	req, err := http.NewRequest(http.MethodGet, h.run.base+strings.TrimPrefix(up.SSEURL(), up.URL), nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+proxyCutBearer)
	req.Header.Set("Accept", "text/event-stream")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	h.waitFor("larger than")
	resp.Body.Close()
	h.stop()
	all := recordingsText(t, h.dir)
	if !strings.Contains(all, "pppp") || !strings.Contains(all, "… (") {
		t.Errorf("the recordings miss the refused endpoint quoted:\n%.3000s", all)
	}
	if p := mcptest.PieceOf([]byte(all), proxyCutBearer, 4); p != "" {
		i := strings.Index(all, p)
		t.Errorf("the recordings hold %q of the client's token: …%s…", p, all[max(0, i-200):min(len(all), i+60)])
	}
}

// recordingsText is every recording in dir, one after another; none at
// all fails t.
func recordingsText(t *testing.T, dir string) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) == 0 {
		t.Fatal("nothing was recorded")
	}
	var all strings.Builder
	for _, f := range files {
		b, _ := os.ReadFile(f)
		all.Write(b)
	}
	return all.String()
}
