package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Markers of mcptest.Hostile as the sanitizer prints it: the bidi override
// dropped, the bare CR shown. Finding one proves the hostile text reached
// that output (so the check of the output meant something).
const (
	shownBidi = "usergnp.exe"
	shownCR   = "safe␍evil"
)

// checkOutput fails unless stdout and stderr hold nothing a terminal would
// act on, and unless the hostile text was printed (cleaned) where want says.
func checkOutput(t *testing.T, where, out, errOut string, want ...string) {
	t.Helper()

	sanitizetest.Check(t, where+" stdout", out, true)
	sanitizetest.Check(t, where+" stderr", errOut, true)
	for _, w := range want {
		if !strings.Contains(out+errOut, w) {
			t.Errorf("%s: the output lacks %q, so the hostile text never reached it:\nstdout:\n%s\nstderr:\n%s", where, w, out, errOut)
		}
	}
}

// TestHostileTextNeverReachesTheTerminal runs every command that prints text
// from a server or a file against hostile text: exec (readable and --json)
// over real HTTP against a hostile fake, including an HTTP reason phrase and
// error bodies; sessions, export and replay --against on the recording exec
// made and on a hand-damaged one with a hostile header and file name; and
// themes with hostile user theme files.
func TestHostileTextNeverReachesTheTerminal(t *testing.T) {
	dir := stateDir(t)
	srv := mcptest.NewHostile(t)
	cmds := []string{"tools/list", "tools/call echo text=hi extra=1", mcptest.HostileRPCError, mcptest.HostileStatusError}

	out, errOut, code := run(t, append([]string{"exec", srv.SSEURL()}, cmds...)...)
	if code != exitFailed {
		t.Errorf("exec against the hostile fake: exit %d, want %d (an RPC error and a 502)", code, exitFailed)
	}
	checkOutput(t, "exec", out, errOut, shownBidi, shownCR, "502", "warning:")
	recording := onlyRecording(t, dir)

	out, errOut, _ = run(t, append([]string{"exec", "--no-record", "--json", srv.SSEURL()}, cmds...)...)
	checkOutput(t, "exec --json", out, errOut, `\u202e`, `\u009b`)
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !json.Valid([]byte(line)) {
			t.Errorf("exec --json printed a line that is not JSON: %q", line)
		}
	}

	// A server whose stream answers with a reason phrase of its choosing:
	// the error main prints quotes the status line and the body.
	out, errOut, code = run(t, "exec", "--no-record", mcptest.HostileStatus(t)+"/sse", "tools/list")
	if code != exitConnect {
		t.Errorf("exec against a hostile status line: exit %d, want %d", code, exitConnect)
	}
	checkOutput(t, "exec, hostile reason phrase", out, errOut, "502", shownCR)

	damaged := writeHostileRecording(t, dir, recording)
	t.Setenv("COLUMNS", "1000") // the hostile URL whole, not cut to 80 columns
	out, errOut, _ = run(t, "sessions")
	checkOutput(t, "sessions", out, errOut, shownCR, "pwned")

	plain := mcptest.New(t, mcptest.Options{})
	for _, file := range []string{recording, damaged} {
		for _, args := range [][]string{
			{"export", file, "--format", "md"},
			{"export", file, "--format", "json"},
			{"replay", file, "--against", plain.SSEURL()},
			{"replay", file, "--against", plain.SSEURL(), "--json"},
			{"replay", file, "--against", srv.SSEURL()},
		} {
			out, errOut, _ := run(t, args...)
			checkOutput(t, strings.Join(args[:1], " ")+" "+strings.Join(args[2:], " "), out, errOut)
		}
	}
	// The server's name heads the transcript escaped, as a tool's hiding
	// characters is listed (mcp.ServerListed), its backslashes escaped
	// for Markdown: the bare CR reads \\r there, not ␍.
	out, _, _ = run(t, "export", recording, "--format", "md")
	checkOutput(t, "export md", out, "", `safe\\revil`, `\u202e`, "```json")
	out, _, _ = run(t, "replay", recording, "--against", plain.SSEURL())
	checkOutput(t, "replay --against", out, "", "different", `\u202e`)
	out, _, _ = run(t, "export", damaged, "--format", "md")
	checkOutput(t, "export md of the damaged file", out, "", shownCR)

	checkThemes(t)
}

// writeHostileRecording copies a recording under a hostile file name, with
// hostile text in its header and a damaged last line, and returns its path.
func writeHostileRecording(t *testing.T, dir, from string) string {
	t.Helper()
	raw, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := bytes.Cut(raw, []byte("\n"))
	h, err := json.Marshal(history.Header{Format: history.Format, Version: history.FormatVersion, MCPScope: mcptest.Hostile,
		URL: "http://127.0.0.1:1/" + mcptest.Hostile, Transport: mcptest.Hostile, Host: mcptest.Hostile,
		Started: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	b.Write(h)
	b.WriteByte('\n')
	b.Write(rest)
	b.WriteString(`{"seq":999,"kind":"error","error":{"message":"` + mcptest.HostileBytes) // cut short
	path := filepath.Join(dir, "evil\x1b]0;pwned\x07\u202e\r.jsonl")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkThemes lists user theme files whose name, description and errors
// carry hostile text.
func checkThemes(t *testing.T) {
	t.Helper()
	profile := lipgloss.ColorProfile()
	lipgloss.SetColorProfile(termenv.Ascii) // our own colours would be escapes too
	t.Cleanup(func() { lipgloss.SetColorProfile(profile) })
	cfg := t.TempDir()
	t.Setenv("MCPSCOPE_CONFIG_DIR", cfg)
	themesDir := filepath.Join(cfg, "themes")
	if err := os.MkdirAll(themesDir, 0o755); err != nil {
		t.Fatal(err)
	}
	desc := yamlQuote(mcptest.Hostile)
	files := map[string]string{
		"evil\x1b]0;pwned\x07\u202e.yaml":   "description: " + desc + "\n",
		"badkey.yaml":                       desc + ": \"#ffffff\"\n",
		"raw.yaml":                          "description: " + mcptest.HostileBytes + "\n",
		"broken\x1b]0;pwned\x07\u202e.yaml": "primry: \"#fff\"\n",
		"colour.yaml":                       "primary: " + desc + "\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(themesDir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, errOut, code := run(t, "themes")
	if code != exitOK {
		t.Errorf("themes: exit %d, stderr %q", code, errOut)
	}
	checkOutput(t, "themes", out, errOut, shownCR, "evil", "badkey.yaml", "raw.yaml", "colour.yaml", "broken.yaml:1: unknown key")
}

// yamlQuote writes s as a YAML double-quoted scalar with every character
// outside printable ASCII escaped: YAML refuses raw control characters, but
// a theme file can still carry them this way.
func yamlQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteString(`\` + string(r))
		case r < 0x20 || r >= 0x7f:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// A server whose answer is not HTTP (a header line net/http refuses) is
// told apart from one that is not there: exec exits 3 quoting the bad line
// harmlessly, with advice about a broken server, not "is it running?".
func TestExecSaysWhenTheAnswerIsNotHTTP(t *testing.T) {
	stateDir(t)
	base := mcptest.RawAnswer(t, fmt.Sprintf("HTTP/1.1 200 OK\r\nX-Bad: %s\x07\r\nContent-Type: text/event-stream\r\n\r\n", mcptest.Hostile))
	out, errOut, code := run(t, "exec", "--transport", "sse", base+"/sse", "tools/list")
	if code != exitConnect {
		t.Errorf("exit %d, want %d (no session)", code, exitConnect)
	}
	checkOutput(t, "exec", out, errOut, `a header that is not valid HTTP ("X-Bad: `)
	if !strings.Contains(errOut, "not in HTTP a client can read") || strings.Contains(errOut, "nothing answered at") {
		t.Errorf("stderr should say the answer was not HTTP, not that nothing listens:\n%s", errOut)
	}
}
