package history

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

func testHeader() Header {
	return Header{MCPScope: "0.1.0", URL: "http://localhost:8811/sse", Transport: "sse", Started: scriptStart, Host: "localhost:8811"}
}

// A record reaches the file about 100ms after it is written, with no
// Close and the buffer far from full. A loaded machine can stall the flush
// timer past the 1s bound: a run over it is tried again, up to three runs,
// as a stall seldom comes back and a flush that waits is late in every run.
func TestRecorderReachesTheFileWithin100ms(t *testing.T) {
	for run := 1; ; run++ {
		d := timeToFile(t)
		if d <= time.Second {
			return
		}
		if run == 3 {
			t.Errorf("record reached the file after %v, want about 100ms", d)
			return
		}
	}
}

// timeToFile is how long a record written to a new recording takes to
// reach its file, which is made 0600 under directories Create makes.
func timeToFile(t *testing.T) time.Duration {
	t.Helper()
	path := filepath.Join(t.TempDir(), "deep", "er", "s.jsonl")
	rec, err := Create(path, testHeader(), RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Close()
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("Stat(%s) = %v, %v; want a 0600 file", path, fi, err)
	}
	start := time.Now()
	if err := rec.Write(mcp.Record{Seq: 1, Kind: mcp.KindState, State: &mcp.StateChange{State: "open"}}); err != nil {
		t.Fatal(err)
	}
	waitInFile(t, path, `"seq":1`)
	return time.Since(start)
}

func TestRecorderCloseFlushes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	rec, err := Create(path, testHeader(), RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := newScript()
	s.negotiate()
	for _, r := range s.recs {
		if err := rec.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := rec.Close(); err != nil {
		t.Fatalf("Close() = %v", err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if got, want := len(lines), 1+len(s.recs); got != want {
		t.Errorf("file has %d lines, want %d", got, want)
	}
	if want := `{"format":"mcpscope-session","version":2,"mcpscope":"0.1.0","url":"http://localhost:8811/sse","transport":"sse","started":"2026-11-20T21:57:41Z","host":"localhost:8811","redacts":"headers"}`; lines[0] != want {
		t.Errorf("header line = %s\nwant %s", lines[0], want)
	}
	if err := rec.Write(s.recs[0]); err == nil {
		t.Errorf("Write after Close succeeded, want an error")
	}
}

func secretRecords() []mcp.Record {
	return []mcp.Record{
		{Seq: 1, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "post", URL: "http://h/sse?token=tok-123456",
			RequestHeaders: map[string][]string{"authorization": {"Bearer tok-123456"}, "Accept": {"text/event-stream"}},
			Headers:        map[string][]string{"Set-Cookie": {"s=1"}, "Content-Type": {"text/plain"}},
			Body:           "your token tok-123456 is wrong"}},
		{Seq: 2, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Raw: `{"result":{"echo":"tok-123456"}}`}},
		{Seq: 3, Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Raw: mcp.Raw("\xff\xfe tok-123456"), Comments: []string{"tok-123456"}}},
	}
}

func TestRecorderRedacts(t *testing.T) {
	tests := []struct {
		name     string
		opts     RecordOptions
		want     []string
		wantNone []string
	}{
		{"default", RecordOptions{Tokens: []string{"tok-123456"}},
			[]string{`"authorization":["[redacted]"]`, `"Set-Cookie":["[redacted]"]`, `"Accept":["text/event-stream"]`,
				`token=[redacted]`, `your token [redacted] is wrong`, `{\"echo\":\"[redacted]\"}`, `"comments":["[redacted]"]`},
			[]string{"tok-123456", "s=1", "4f4a", "dG9rLTEyMzQ1Ng"}},
		{"secrets kept", RecordOptions{Secrets: true, Tokens: []string{"tok-123456"}},
			[]string{`"authorization":["Bearer tok-123456"]`, `"Set-Cookie":["s=1"]`, `token=tok-123456`},
			[]string{"[redacted]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := testHeader()
			h.URL += "?token=tok-123456"
			recs := secretRecords()
			path := recordAs(t, h, recs, tt.opts)
			b, _ := os.ReadFile(path)
			for _, w := range tt.want {
				if !bytes.Contains(b, []byte(w)) {
					t.Errorf("file lacks %s:\n%s", w, b)
				}
			}
			for _, w := range tt.wantNone {
				if bytes.Contains(b, []byte(w)) {
					t.Errorf("file holds %s:\n%s", w, b)
				}
			}
			if got := recs[0].HTTP.RequestHeaders["authorization"][0]; got != "Bearer tok-123456" {
				t.Errorf("caller's header changed to %q", got)
			}
			if got := string(recs[2].Event.Raw); got != "\xff\xfe tok-123456" || recs[2].Event.Comments[0] != "tok-123456" {
				t.Errorf("caller's event changed to %q %q", got, recs[2].Event.Comments)
			}
			r, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			for i := 0; i < 3; i++ {
				if _, err := r.Next(); err != nil {
					t.Fatalf("record %d does not read back: %v", i+1, err)
				}
			}
		})
	}
}

func TestTee(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	rec, err := Create(path, testHeader(), RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	in := make(chan []mcp.Record)
	out := Tee(in, rec, func(err error) { t.Errorf("onErr(%v), want no error", err) })
	recs := fullSession()
	go func() {
		for i := 0; i < len(recs); i += 3 {
			in <- recs[i:min(i+3, len(recs))]
		}
		close(in)
	}()
	var got []int64
	for batch := range out {
		for _, r := range batch {
			got = append(got, r.Seq)
		}
	}
	if len(got) != len(recs) || got[0] != 1 || got[len(got)-1] != recs[len(recs)-1].Seq {
		t.Errorf("Tee passed seqs %v, want all %d in order", got, len(recs))
	}
	// The output closed after the recorder: the file is complete now.
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	n := 0
	for {
		if _, err := r.Next(); err != nil {
			break
		}
		n++
	}
	if n != len(recs) {
		t.Errorf("file holds %d records, want %d", n, len(recs))
	}
}

func TestTeeReportsWriteErrorsOnce(t *testing.T) {
	rec, err := Create(filepath.Join(t.TempDir(), "s.jsonl"), testHeader(), RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rec.f.Close() // the disk goes away under the recorder
	in := make(chan []mcp.Record, 3)
	var errs []error
	out := Tee(in, rec, func(err error) { errs = append(errs, err) })
	for i := 1; i <= 3; i++ {
		in <- []mcp.Record{{Seq: int64(i), Kind: mcp.KindState, State: &mcp.StateChange{State: "open"}}}
	}
	close(in)
	n := 0
	for batch := range out {
		n += len(batch)
	}
	if n != 3 || len(errs) != 1 || !errors.Is(errs[0], os.ErrClosed) {
		t.Errorf("passed %d records, errors %v; want 3 records and one error about the closed file", n, errs)
	}
}

func TestDefaultDir(t *testing.T) {
	home, _ := os.UserHomeDir()
	tests := []struct{ state, xdg, want string }{
		{"/x/state", "/x/xdg", "/x/state/sessions"},
		{"", "/x/xdg", "/x/xdg/mcpscope/sessions"},
		{"", "", filepath.Join(home, ".local/state/mcpscope/sessions")},
		{"", "relative", filepath.Join(home, ".local/state/mcpscope/sessions")},
	}
	for _, tt := range tests {
		t.Setenv("MCPSCOPE_STATE_DIR", tt.state)
		t.Setenv("XDG_STATE_HOME", tt.xdg)
		if got, err := DefaultDir(); got != tt.want || err != nil {
			t.Errorf("DefaultDir() with MCPSCOPE_STATE_DIR=%q XDG_STATE_HOME=%q = %q, %v; want %q", tt.state, tt.xdg, got, err, tt.want)
		}
	}
}

func TestNewPath(t *testing.T) {
	dir := t.TempDir()
	start := time.Date(2026, 11, 20, 21, 57, 41, 0, time.UTC)
	tests := []struct{ host, want string }{
		{"localhost:8811", "2026-11-20T21-57-41_localhost-8811.jsonl"},
		{"localhost:8811", "2026-11-20T21-57-41_localhost-8811-2.jsonl"},
		{"localhost:8811", "2026-11-20T21-57-41_localhost-8811-3.jsonl"},
		{"[::1]:9000", "2026-11-20T21-57-41_1-9000.jsonl"},
		{"../../etc/passwd", "2026-11-20T21-57-41_etc-passwd.jsonl"},
		{"", "2026-11-20T21-57-41_session.jsonl"},
	}
	for _, tt := range tests {
		p := NewPath(dir, start, tt.host)
		if got := filepath.Base(p); got != tt.want || filepath.Dir(p) != dir {
			t.Errorf("NewPath(%q) = %q, want %q in %s", tt.host, p, tt.want, dir)
		}
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRecorderRedactsURLPasswordsAndTokens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	h := testHeader()
	h.URL = "https://alice:pa55word@gw.example/sse"
	rec, err := Create(path, h, RecordOptions{Tokens: []string{"hdr-token-1"}})
	if err != nil {
		t.Fatal(err)
	}
	rec.Write(mcp.Record{Seq: 1, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "stream", Method: "GET", URL: "https://alice:pa55word@gw.example/sse?t=hdr-token-1", Status: 200}})
	rec.Write(mcp.Record{Seq: 2, Kind: mcp.KindEndpoint, Endpoint: &mcp.Endpoint{Base: "https://alice:pa55word@gw.example/sse", Preferred: "https://alice:pa55word@gw.example/sse?sessionid=1", InUse: "https://alice:pa55word@gw.example/sse?sessionid=1"}})
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(path)
	if bytes.Contains(raw, []byte("pa55word")) || bytes.Contains(raw, []byte("hdr-token-1")) {
		t.Errorf("a credential reached the recording:\n%s", raw)
	}
	if !bytes.Contains(raw, []byte("alice")) {
		t.Error("the user name was lost; only the password is secret")
	}
}

func TestCreateInNeverSharesAFile(t *testing.T) {
	dir := t.TempDir()
	started := time.Date(2026, 11, 20, 21, 57, 41, 0, time.UTC)
	paths := map[string]bool{}
	for i := 0; i < 5; i++ {
		rec, err := CreateIn(dir, started, "localhost:8811", testHeader(), RecordOptions{})
		if err != nil {
			t.Fatal(err)
		}
		paths[rec.Path()] = true
		defer rec.Close()
	}
	if len(paths) != 5 {
		t.Errorf("5 recordings in the same second got %d files", len(paths))
	}
}
