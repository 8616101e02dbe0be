package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// encodedEchoServer answers tools/call as an event stream: a log message
// event echoing the request's bearer credential URL-encoded with lower-case
// hex, then the result echoing it as url.QueryEscape writes it, in a link
// built with it, as a server building a redirect or a link does.
func encodedEchoServer(t *testing.T) string {
	t.Helper()
	return mcptest.PostOnly(t, func(w http.ResponseWriter, r *http.Request, msg, id string) {
		if id == "" {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		cred := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		var m struct{ Method string }
		json.Unmarshal([]byte(msg), &m)
		switch m.Method {
		case "initialize":
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"enc","version":"1"}}}`, id)
		case "tools/list":
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"link","inputSchema":{"type":"object"}}]}}`, id)
		default:
			lower := strings.NewReplacer("%2B", "%2b", "%2F", "%2f", "%3D", "%3d").Replace(url.QueryEscape(cred))
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprintf(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"logged-in as %s\"}}\n\n", lower)
			fmt.Fprintf(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"https://example.com/cb?token=%s&next=1\"}]}}\n\n", id, url.QueryEscape(cred))
		}
	})
}

// A server echoing the --bearer token percent-encoded (in a link's query,
// with its base64 "+", "/" and "=" as %2B %2F %3D, or in lower-case hex)
// in a tool's result and in an event of the answer's stream left it in
// the recording: only its JSON spellings were searched for. Neither
// reaches the file now, and what surrounds each echo is kept.
func TestRecordingRedactsURLEncodedEcho(t *testing.T) {
	stateDir(t)
	const token = "Zm9v+YmFy/SECRET-enc=="
	file := filepath.Join(t.TempDir(), "s.jsonl")
	out, errOut, code := run(t, "exec", "--transport", "streamable", "--no-get-stream", "--record", file,
		"--bearer", token, encodedEchoServer(t), "tools/call link")
	if code != 0 || !strings.Contains(out, url.QueryEscape(token)) {
		t.Fatalf("exec exit %d, want 0 and the server's encoded echo\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "logged-in as") || !strings.Contains(string(b), `\u0026next=1`) {
		t.Fatalf("the recording misses the event or the result echoing the token:\n%s", b)
	}
	if strings.Contains(string(b), "SECRET") {
		t.Errorf("the recording holds the server's URL-encoded echo of the token:\n%s", b)
	}
}
