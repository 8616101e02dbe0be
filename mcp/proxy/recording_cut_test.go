package proxy

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An upstream echoing a client's token in a header longer than a record
// keeps and in a body longer than its excerpt, each cut in the token's
// middle, left the token's first half in the client's recording: the
// whole token, learnt from the client's Authorization, no longer matched
// what was cut. No piece of it reaches the file now.
func TestProxyRecordingRedactsClientTokenCutInTwo(t *testing.T) {
	const token = "client-cut-0123456789abcdefghij"
	upstream := mcptest.PostOnly(t, mcptest.EchoCredentialAcross(mcp.HeaderLimit, 200, mcp.BodyLimit))
	p := newRecordingProxy(t, strings.TrimSuffix(upstream, "/mcp"), func(*Client) history.RecordOptions { return history.RecordOptions{} })
	srv := startServer(t, p.Proxy)
	resp := rawPost(t, srv+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, "Authorization", "Bearer "+token)
	if body := readAll(t, resp.Body); !strings.Contains(body, token) {
		t.Fatalf("the client did not get the upstream's echo: %d %.200s", resp.StatusCode, body)
	}
	_, b := p.onlyRecording(t)
	if !strings.Contains(string(b), "hhhh") || !strings.Contains(string(b), "bbbb") {
		t.Fatalf("the recording misses the upstream's echo:\n%.2000s", b)
	}
	if piece := mcptest.PieceOf(b, token, 8); piece != "" {
		t.Errorf("the recording holds %q of the client's token cut in two", piece)
	}
}
