package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// whoamiServer is a streamable HTTP server whose one tool answers with the
// Authorization header it was sent, as "whoami" tools and debugging
// gateways do.
func whoamiServer(t *testing.T) *httptest.Server {
	t.Helper()
	return whoamiServerWriting(t, nil)
}

// whoamiServerWriting is whoamiServer with each answer's JSON passed
// through rewrite, when it is not nil, before it is sent: a server whose
// encoder spells the same JSON otherwise.
func whoamiServerWriting(t *testing.T, rewrite func([]byte) []byte) *httptest.Server {
	t.Helper()
	return echoToolServer(t, "whoami", func(r *http.Request) string { return "you are " + r.Header.Get("Authorization") }, rewrite)
}

// echoToolServer is a plain-JSON streamable HTTP server (no session, no
// GET stream) whose one tool, named tool, answers with text(r) of the
// request that called it; each answer's JSON is passed through rewrite,
// when it is not nil, before it is sent.
func echoToolServer(t *testing.T, tool string, text func(r *http.Request) string, rewrite func([]byte) []byte) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
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
		var result any
		switch m.Method {
		case "initialize":
			result = map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{"tools": map[string]any{}},
				"serverInfo": map[string]any{"name": tool, "version": "1"}}
		case "tools/list":
			result = map[string]any{"tools": []any{map[string]any{"name": tool, "inputSchema": map[string]any{"type": "object"}}}}
		default:
			result = map[string]any{"content": []any{map[string]any{"type": "text", "text": text(r)}}}
		}
		out, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": result})
		if rewrite != nil {
			out = rewrite(out)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(out)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// echoCase is a credential the user gives and how the whoami server
// echoes it.
type echoCase struct {
	name, url, secret string
	flags             []string
}

func echoCases(srv *httptest.Server) []echoCase {
	return []echoCase{
		{"bearer", srv.URL, "SECRET-bearer-5c2e9d", []string{"--bearer", "SECRET-bearer-5c2e9d"}},
		{"header", srv.URL, "SECRET-hdr-81b4f0", []string{"-H", "Authorization: Token SECRET-hdr-81b4f0"}},
		// net/http sends the URL's password as basic auth: its base64
		// is what the server echoes.
		{"password", strings.Replace(srv.URL, "http://", "http://ann:SECRET-pw-77aa11@", 1), "YW5uOlNFQ1JFVC1wdy03N2FhMTE=", nil},
	}
}

// recordEcho records `exec tools/call whoami` of c to a new file.
func recordEcho(t *testing.T, c echoCase) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "s.jsonl")
	args := append([]string{"exec", "--transport", "streamable", "--no-get-stream", "--record", file}, c.flags...)
	out, errOut, code := run(t, append(args, c.url, "tools/call whoami")...)
	if code != 0 || !strings.Contains(out, c.secret) {
		t.Fatalf("exec exit %d, want 0 and the server's echo of the secret\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	return file
}

// A server's echo of the user's credentials is kept out of the recording,
// the URL's password too: net/http sends it as basic auth, a header the
// recorded request never shows.
func TestRecordingRedactsEchoedCredentials(t *testing.T) {
	stateDir(t)
	for _, c := range echoCases(whoamiServer(t)) {
		t.Run(c.name, func(t *testing.T) {
			b, err := os.ReadFile(recordEcho(t, c))
			if err != nil || strings.Contains(string(b), c.secret) {
				t.Errorf("the recording holds the server's echo of the secret %s (read error %v)", c.secret, err)
			}
		})
	}
}

// A re-run given the credentials the recording was made with compares the
// server's live echo of them as the recording holds it, redacted: the same
// answer is the same, and the report never prints the secret.
func TestRerunRedactsEchoedCredentials(t *testing.T) {
	stateDir(t)
	for _, c := range echoCases(whoamiServer(t)) {
		t.Run(c.name, func(t *testing.T) {
			file := recordEcho(t, c)
			args := append([]string{"replay", file, "--against", c.url, "--transport", "streamable", "--no-get-stream"}, c.flags...)
			out, errOut, code := run(t, args...)
			if code != 0 {
				t.Errorf("replay --against exit %d, want 0 (the same answer)\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
			}
			if strings.Contains(out+errOut, c.secret) {
				t.Errorf("replay --against printed the secret %s:\nstdout:\n%s\nstderr:\n%s", c.secret, out, errOut)
			}
		})
	}
}

// The server a re-run was against is named in its report, which a CI job's
// log keeps: with the URL's password masked.
func TestRerunReportMasksThePassword(t *testing.T) {
	stateDir(t)
	srv := whoamiServer(t)
	c := echoCases(srv)[0]
	file := recordEcho(t, c)
	against := strings.Replace(srv.URL, "http://", "http://ann:SECRET-pw-3e1d@", 1)
	for _, flags := range [][]string{nil, {"--json"}} {
		// The answer differs (basic auth, not the recorded bearer), so the
		// text report names the server it was against.
		args := append([]string{"replay", file, "--against", against, "--transport", "streamable", "--no-get-stream"}, flags...)
		out, errOut, code := run(t, args...)
		if code != 1 || !strings.Contains(out, "ann:xxxxx@") {
			t.Errorf("replay --against %v: exit %d, want 1 and the server named with its password masked\nstdout:\n%s\nstderr:\n%s", flags, code, out, errOut)
		}
		if strings.Contains(out+errOut, "SECRET-pw-3e1d") {
			t.Errorf("replay --against %v printed the password:\nstdout:\n%s\nstderr:\n%s", flags, out, errOut)
		}
	}
}
