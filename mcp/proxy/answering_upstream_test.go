package proxy

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// answeringUpstream is a streamable server that answers each request of a
// POST, alone or in a batch, with a result to its id (initialize's says
// who it is), and a body of notifications alone with 202. It hands every
// initialize the same Mcp-Session-Id, sessionID, as some servers do, and
// reads the first JSON value of a body and no more (a streaming
// decoder's way): bytes after the message or batch go unread.
func answeringUpstream(t *testing.T, sessionID string) *httptest.Server {
	type message struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var v json.RawMessage
		if r.Method != http.MethodPost || json.NewDecoder(r.Body).Decode(&v) != nil {
			http.Error(w, "no", http.StatusBadRequest)
			return
		}
		var batch []message
		one := json.Unmarshal(v, &batch) != nil
		if one {
			var m message
			if json.Unmarshal(v, &m) != nil {
				http.Error(w, "no", http.StatusBadRequest)
				return
			}
			batch = []message{m}
		}
		var answers []string
		for _, m := range batch {
			if m.ID == nil {
				continue
			}
			result := `{}`
			if m.Method == "initialize" {
				w.Header().Set("Mcp-Session-Id", sessionID)
				result = `{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"answering","version":"1"}}`
			}
			answers = append(answers, fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, m.ID, result))
		}
		if len(answers) == 0 {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if one {
			_, _ = fmt.Fprint(w, answers[0])
			return
		}
		_, _ = fmt.Fprint(w, "["+strings.Join(answers, ",")+"]")
	}))
	t.Cleanup(up.Close)
	return up
}
