package proxy

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// longJWT is a JWT-shaped credential of about n bytes that repeats no run
// of itself: a piece of its tail found in a recording is a leak.
func longJWT(n int) string {
	rng := rand.New(rand.NewChaCha8([32]byte{7}))
	part := func(size int) string {
		b := make([]byte, size)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return base64.RawURLEncoding.EncodeToString(b)
	}
	return "eyJhbGciOiJIUzI1NiJ9." + part(n*3/4-64) + "." + part(32)
}

// A client's Authorization longer than a record keeps of a header (a
// 12 KiB JWT) was learnt cut to its first 8 KiB, so an upstream echoing the
// token in a tool result, as JSON and as an SSE event, left the rest of it
// (the signature included) in the recording. No 64-byte run of it reaches
// the file now, and the echoes are still recorded.
func TestProxyRecordingRedactsClientTokenLongerThanAHeaderKept(t *testing.T) {
	token := longJWT(12 << 10)
	upstream := mcptest.PostOnly(t, func(w http.ResponseWriter, r *http.Request, msg, id string) {
		cred := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		text, _ := json.Marshal("you are " + cred + ", welcome")
		answer := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":%s}]}}`, id, text)
		if strings.Contains(msg, `"tools/call"`) {
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprintf(w, "event: message\ndata: %s\n\n", answer)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, answer)
	})
	p := newRecordingProxy(t, strings.TrimSuffix(upstream, "/mcp"), func(*Client) history.RecordOptions { return history.RecordOptions{} })
	srv := startServer(t, p.Proxy)
	for _, msg := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"whoami"}}`,
	} {
		resp := rawPost(t, srv+"/mcp", msg, "Authorization", "Bearer "+token, "Accept", "application/json, text/event-stream")
		if body := readAll(t, resp.Body); !strings.Contains(body, token[len(token)-64:]) {
			t.Fatalf("the client did not get the upstream's echo: %d %.200s", resp.StatusCode, body)
		}
	}
	_, b := p.onlyRecording(t)
	if strings.Count(string(b), "welcome") < 2 {
		t.Fatalf("the recording misses the upstream's echoes:\n%.2000s", b)
	}
	if len(token) <= mcp.HeaderLimit {
		t.Fatalf("the token is %d bytes, not longer than a header a record keeps", len(token))
	}
	if piece := mcptest.PieceOf(b, token, 64); piece != "" {
		t.Errorf("the recording holds %q of the client's %d-byte token", piece, len(token))
	}
}
