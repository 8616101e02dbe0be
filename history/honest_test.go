package history

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// failAfter is a disk that fills up: it takes n bytes, then fails.
type failAfter struct{ n int }

var errDiskFull = errors.New("no space left on device")

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		n := f.n
		f.n = 0
		return n, errDiskFull
	}
	f.n -= len(p)
	return len(p), nil
}

func TestRecorderWriteErrorIsReportedOnceAndKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	rec, err := Create(path, testHeader(), RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rec.w.Reset(&failAfter{n: 300}) // the header is in; 300 bytes more fit
	in := make(chan []mcp.Record)
	var errs []error
	out := Tee(in, rec, func(err error) { errs = append(errs, err) })
	go func() {
		for _, r := range fullSession() {
			in <- []mcp.Record{r}
		}
		close(in)
	}()
	n := 0
	for batch := range out {
		n += len(batch)
	}
	if n != len(fullSession()) {
		t.Errorf("passed on %d records, want all %d: the screen matters more than the file", n, len(fullSession()))
	}
	if len(errs) != 1 || !errors.Is(errs[0], errDiskFull) || !strings.Contains(errs[0].Error(), "cannot write to "+path) {
		t.Errorf("errors %v, want one naming %s and the cause", errs, path)
	}
	if err := rec.Close(); !errors.Is(err, errDiskFull) {
		t.Errorf("Close() = %v, want the write error again", err)
	}
}

func TestCreateRefusesAFileAnotherRecorderHolds(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	first, err := Create(path, testHeader(), RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := first.Write(fullSession()[0]); err != nil {
		t.Fatal(err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	// A second process is a second open file description; flock tells them
	// apart the same way within one process.
	held, err := Create(path, testHeader(), RecordOptions{})
	if err != nil {
		t.Fatalf("a closed recording is free to overwrite: %v", err)
	}
	defer held.Close()
	_, err = Create(path, testHeader(), RecordOptions{})
	if err == nil || !strings.Contains(err.Error(), "another mcpscope is already recording to "+path) {
		t.Fatalf("second Create() error = %v, want one saying another mcpscope records to %s", err, path)
	}
	if now, _ := os.ReadFile(path); len(now) == 0 || len(now) >= len(before) {
		t.Errorf("the held recording was disturbed: %d bytes, had a header of its own", len(now))
	}
}

// List opens only regular files and links to them: a FIFO named like a
// recording would block it. The others are listed last, unopened, as no
// recordings, saying what each is, where they were left out unsaid.
func TestListOpensOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	good := record(t, fullSession(), RecordOptions{})
	if err := os.Rename(good, filepath.Join(dir, "good.jsonl")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "x.jsonl"), 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	if err := os.Mkdir(filepath.Join(dir, "d.jsonl"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "good.jsonl"), filepath.Join(dir, "link.jsonl")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "x.jsonl"), filepath.Join(dir, "fifo-link.jsonl")); err != nil {
		t.Fatal(err)
	}
	type result struct {
		infos []SessionInfo
		err   error
	}
	done := make(chan result, 1)
	go func() {
		infos, err := List(dir)
		done <- result{infos, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatal(r.err)
		}
		var names, others []string
		for _, s := range r.infos {
			if s.NotRecording {
				others = append(others, filepath.Base(s.Path)+" ("+s.Note+")")
				continue
			}
			names = append(names, filepath.Base(s.Path))
		}
		if got := strings.Join(names, " "); got != "link.jsonl good.jsonl" && got != "good.jsonl link.jsonl" {
			t.Errorf("List() = %s, want the recording and the link to it as recordings", got)
		}
		// The others are listed after them, unopened, saying what each is.
		slices.Sort(others)
		if got, want := strings.Join(others, ", "), "d.jsonl (a directory), fifo-link.jsonl (a named pipe), x.jsonl (a named pipe)"; got != want {
			t.Errorf("List()'s entries that are no recording: %s, want %s", got, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("List() hangs on a FIFO named like a recording")
	}
}

// A recording with a line of many megabytes is listed from a skeleton of
// each line: what the listing allocates does not grow with the line.
//
// 10 MB, twice the bound, not 24: a listing that read the line would
// allocate it whole all the same, and recording 24 MB took 30s under
// -race on a loaded machine.
func TestListingAHugeLineAllocatesLittle(t *testing.T) {
	big := strings.Repeat(`{\"k\":\"v\"},`, 750_000) // 10 MB on disk
	s := newScript()
	req := s.request("1", "tools/list", "{}")
	s.result("1", req, `{"tools":[`+strings.ReplaceAll(big, `\"`, `"`)+`{}]}`)
	path := record(t, s.recs, RecordOptions{})
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	info := describe(path)
	runtime.ReadMemStats(&after)
	if info.Records != 2 || info.Requests != 1 || damageNote(info.Note) != "" {
		t.Errorf("describe = %+v, want 2 records, 1 request", info)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
		t.Errorf("listing a %d-byte line allocated %d bytes", info.Size, got)
	}
}

func TestSkimKeepsTheSkeleton(t *testing.T) {
	long := strings.Repeat("x", 1000)
	tests := []struct{ in, want string }{
		{`{"seq":1,"time":"T","kind":"received","rpc":{"class":"response","rpc_error":true,"raw":"` + long + `"}}`,
			`{"seq":1,"time":"T","kind":"received","rpc":{"class":"response","rpc_error":true,"raw":""}}`},
		{`{"seq":2,"event":{"comments":["a","b"],"raw":{"base64":"` + long + `"}},"x":[[1],{"a":[2]}]}`,
			`{"seq":2,"event":{"comments":[],"raw":{}},"x":[]}`},
		{`{"k":"esc \" \\ ` + long + `\"","j":"a\"b"}`, `{"k":"","j":"a\"b"}`},
		{"{\"a\":1}\r", "{\"a\":1}\r"},
	}
	for _, tt := range tests {
		br := bufioReader(tt.in + "\n" + `{"next":true}` + "\n")
		got, _, n, err := skimLine(br, nil)
		if err != nil || string(got) != tt.want || n != int64(len(tt.in)+1) {
			t.Errorf("skimLine(%.60q) = %s, %d, %v; want %s, %d", tt.in, got, n, err, tt.want, len(tt.in)+1)
		}
		if next, _, _, _ := skimLine(br, nil); string(next) != `{"next":true}` {
			t.Errorf("the next line reads %q", next)
		}
	}
}

// Every URL mcpscope writes loses its password, whatever its length, and
// nothing else changes: a password that is also ordinary text ("a",
// "http") is not scrubbed out of what the server said.
func TestRecorderRedactsURLPasswordsOfAnyLength(t *testing.T) {
	for _, pw := range []string{"a", "http", "1", "sse", "pa55word-long"} {
		t.Run(pw, func(t *testing.T) {
			u := "http://alice:" + pw + "@gw.example:8811/sse"
			h := testHeader()
			h.URL = u
			path := filepath.Join(t.TempDir(), "s.jsonl")
			rec, err := Create(path, h, RecordOptions{})
			if err != nil {
				t.Fatal(err)
			}
			payload := `{"jsonrpc":"2.0","id":1,"result":{"text":"a http sse 1 pa55word-long? see http://alice:` + pw + `@gw.example:8811/sse"}}`
			recs := []mcp.Record{
				{Seq: 1, Kind: mcp.KindState, State: &mcp.StateChange{State: "connecting", URL: u, Detail: "dialling " + u}},
				{Seq: 2, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "stream", Method: "GET", URL: u, Status: 401, Err: "GET " + u + " answered 401"}},
				{Seq: 3, Kind: mcp.KindEndpoint, Endpoint: &mcp.Endpoint{Data: "/sse?s=1", Base: u, Preferred: u + "?s=1", Fallback: u + "?s=1", InUse: u + "?s=1"}},
				{Seq: 4, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "connect", Message: "GET " + u + " answered 401 Unauthorized", Hint: "check " + u}},
				{Seq: 5, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse, Raw: mcp.Raw(payload)}},
			}
			for _, r := range recs {
				if err := rec.Write(r); err != nil {
					t.Fatal(err)
				}
			}
			if err := rec.Close(); err != nil {
				t.Fatal(err)
			}
			raw, _ := os.ReadFile(path)
			if bytes.Contains(raw, []byte("alice:"+pw+"@")) {
				t.Errorf("the password reached the recording:\n%s", raw)
			}
			got, r := readAll(t, path)
			if len(got) != len(recs) || len(damage(r.Warnings())) > 0 {
				t.Fatalf("read %d records, warnings %q", len(got), r.Warnings())
			}
			red := "http://alice:%5Bredacted%5D@gw.example:8811/sse"
			if r.Header().URL != red || got[0].State.URL != red || got[0].State.Detail != "dialling "+red ||
				got[1].HTTP.URL != red || got[1].HTTP.Err != "GET "+red+" answered 401" ||
				got[2].Endpoint.Base != red || got[2].Endpoint.InUse != red+"?s=1" || got[2].Endpoint.Data != "/sse?s=1" ||
				got[3].Error.Message != "GET "+red+" answered 401 Unauthorized" || got[3].Error.Hint != "check "+red {
				t.Errorf("URLs read back as:\n%s", raw)
			}
			// The server's bytes keep every "a" and "http"; only the echo
			// of the URL's credentials goes.
			want := strings.ReplaceAll(payload, "alice:"+pw+"@", "alice:%5Bredacted%5D@")
			if pw == "pa55word-long" {
				want = strings.ReplaceAll(want, pw, Redacted)
			}
			if string(got[4].RPC.Raw) != want {
				t.Errorf("payload = %s\nwant      %s", got[4].RPC.Raw, want)
			}
		})
	}
}

// Short tokens are replaced only where the header rules put them, never in
// the server's text; long ones everywhere, large payloads included.
func TestRecorderTokensByLength(t *testing.T) {
	big := strings.Repeat("filler ", 20000) // past streamAbove: written as it is
	recs := []mcp.Record{
		{Seq: 1, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "post", RequestHeaders: map[string][]string{"Authorization": {"Bearer abc"}}}},
		{Seq: 2, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Raw: mcp.Raw(`{"text":"abc def"}`)}},
		{Seq: 3, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Raw: mcp.Raw(`{"text":"` + big + `secret-token-9"}`)}},
		{Seq: 4, Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Raw: mcp.Raw("data: \xff" + big + "secret-token-9\n\n")}},
	}
	path := record(t, recs, RecordOptions{Tokens: []string{"abc", "secret-token-9"}})
	raw, _ := os.ReadFile(path)
	if bytes.Contains(raw, []byte("Bearer abc")) || bytes.Contains(raw, []byte("secret-token-9")) {
		t.Errorf("a credential reached the recording")
	}
	got, _ := readAll(t, path)
	if string(got[1].RPC.Raw) != `{"text":"abc def"}` {
		t.Errorf("a 3-byte token was scrubbed from the server's text: %s", got[1].RPC.Raw)
	}
	if !strings.HasSuffix(string(got[2].RPC.Raw), big+Redacted+`"}`) || !strings.HasSuffix(string(got[3].Event.Raw), big+Redacted+"\n\n") {
		t.Errorf("the long token stayed in a large payload")
	}
}

func bufioReader(s string) *bufio.Reader { return bufio.NewReaderSize(strings.NewReader(s), 16) }
