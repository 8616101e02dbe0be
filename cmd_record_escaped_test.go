package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// escapingServer is whoamiServer's tool on a server whose JSON encoder
// escapes more than it must: Go's escapes & < > as \u0026..., and with
// slashes, as PHP's json_encode does, / as \/.
func escapingServer(t *testing.T, slashes bool) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		body, _ := io.ReadAll(r.Body)
		if json.Unmarshal(body, &m) != nil || m.ID == nil {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		var result any = map[string]any{"content": []any{map[string]any{"type": "text", "text": "you are " + r.Header.Get("Authorization")}}}
		if m.Method == "initialize" {
			result = map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{"tools": map[string]any{}},
				"serverInfo": map[string]any{"name": "escaping", "version": "1"}}
		}
		out, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": result})
		if slashes {
			out = bytes.ReplaceAll(out, []byte("/"), []byte(`\/`))
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(out)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// A server's echo of the token is kept out of the recording however its
// JSON encoder spelt the token's characters inside the string.
func TestRecordingRedactsEscapedEcho(t *testing.T) {
	stateDir(t)
	const token = "SECRET/a+b&c<d=="
	for _, slashes := range []bool{false, true} {
		srv := escapingServer(t, slashes)
		file := recordEcho(t, echoCase{url: srv.URL, secret: "you are Bearer " + token, flags: []string{"--bearer", token}})
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "SECRET") {
			t.Errorf("slashes %v: the recording holds the server's escaped echo of the token: %s", slashes, b)
		}
	}
}
