package proxy

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server's request on a response stream (a ping here; an elicitation or
// a sampling request alike) is logged before the client's answer to it,
// however fast the client answers: the client gets the event only once
// the proxy has logged it. Relayed before it was logged, the answer of a
// client that replied at once was logged first, as a reply to nothing
// (no method), and the request after it, unanswered.
func TestServerRequestLoggedBeforeTheClientsAnswer(t *testing.T) {
	replied := make(chan struct{}, 1)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		body, _ := io.ReadAll(r.Body)
		switch msg := string(body); {
		case strings.Contains(msg, `"initialize"`):
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Mcp-Session-Id", "s1")
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`)
		case strings.Contains(msg, `"tools/call"`):
			// The ping, then the result once the client answered it.
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			_, _ = io.WriteString(w, "data: {\"jsonrpc\":\"2.0\",\"id\":\"srv1\",\"method\":\"ping\"}\n\n")
			w.(http.Flusher).Flush()
			select {
			case <-replied:
			case <-r.Context().Done():
				return
			}
			_, _ = io.WriteString(w, "data: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"content\":[]}}\n\n")
		default:
			if strings.Contains(msg, `"srv1"`) {
				replied <- struct{}{}
			}
			w.WriteHeader(http.StatusAccepted)
		}
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL, Config{})
	if st, _ := send(t, http.MethodPost, base+"/mcp", initialize, nil); st != http.StatusOK {
		t.Fatalf("initialize answered %d", st)
	}
	in := map[string]string{"Mcp-Session-Id": "s1", "MCP-Protocol-Version": "2025-11-25"}
	stream := rawDo(t, http.MethodPost, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{}}}`,
		"Accept", "application/json, text/event-stream", "Mcp-Session-Id", "s1", "User-Agent", aiSDKLike)
	br := bufio.NewReader(stream.Body)
	if got := nextEvent(t, br); !strings.Contains(got, `"ping"`) {
		t.Fatalf("the client got %q first, want the server's ping", got)
	}
	// Answered the moment it came, as a client does.
	if st, _ := send(t, http.MethodPost, base+"/mcp", `{"jsonrpc":"2.0","id":"srv1","result":{}}`, in); st != http.StatusAccepted {
		t.Fatalf("the client's answer to the ping answered %d", st)
	}
	if got := nextEvent(t, br); !strings.Contains(got, `"result"`) {
		t.Fatalf("the client got %q, want the tools/call result", got)
	}
	w.record(t, 1, "the tools/call result logged", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "tools/call"
	})
	var ping, reply *mcp.Record
	recs := w.records(1)
	for i, r := range recs {
		switch {
		case r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "ping" && ping == nil:
			ping = &recs[i]
		case r.Kind == mcp.KindSent && r.RPC != nil && strings.Contains(string(r.RPC.Raw), `"srv1"`):
			reply = &recs[i]
		}
	}
	if ping == nil || reply == nil || ping.Seq > reply.Seq {
		t.Fatalf("the server's ping and the client's answer are not logged in the order they happened:\n%s", w.dump())
	}
	if reply.RPC.Method != "ping" {
		t.Errorf("the client's answer is logged as answering %q, want the server's ping", reply.RPC.Method)
	}
}
