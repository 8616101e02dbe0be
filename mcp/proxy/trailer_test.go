package proxy

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A JSON answer that came whole but for a trailer that does not parse is
// logged as the answer it is, and the client's copy, cut off with the
// upstream's, is said to be: the record used to show only "ok" while the
// client got a broken answer.
func TestAnswerCutOffAfterItCameIsSaid(t *testing.T) {
	upstream := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		answer := `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{"tools":[]}}`
		return fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTrailer: X-Sum\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n0\r\nX-Sum: \x01bad\r\n\r\n", len(answer), answer), false
	})
	_, base, w := startProxy(t, upstream, Config{})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	if _, err := io.ReadAll(resp.Body); err == nil {
		t.Errorf("the client read its answer to the end; want it cut off as upstream's was")
	}
	resp.Body.Close()
	c := w.sessions()[0]
	w.record(t, c.ID, "the answer, logged", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.Class == mcp.ClassResponse && r.RPC.ID == "2"
	})
	w.record(t, c.ID, "the cut said on its own", func(r mcp.Record) bool {
		return r.Error != nil && strings.Contains(r.Error.Message, "broke off after the answer came") && strings.Contains(r.Error.Message, "cut the client's answer off")
	})
}
