package history

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// record writes recs to a new recording and returns its path.
func record(t testing.TB, recs []mcp.Record, opts RecordOptions) string {
	t.Helper()
	return recordAs(t, testHeader(), recs, opts)
}

// recordAs writes recs to a new recording with header h and returns its
// path.
func recordAs(t testing.TB, h Header, recs []mcp.Record, opts RecordOptions) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "s.jsonl")
	rec, err := Create(path, h, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if err := rec.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func readAll(t *testing.T, path string) ([]mcp.Record, *Reader) {
	t.Helper()
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var out []mcp.Record
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			return out, r
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rec)
	}
}

func TestReaderRoundTripIsExact(t *testing.T) {
	recs := fullSession()
	big := strings.Repeat(`{"name":"tool","description":"x"},`, 100000) // 3.4 MB on one line
	recs = append(recs,
		mcp.Record{Seq: 100, Time: scriptStart, Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 2, Name: "message",
			Data: mcp.Raw("\xff\x00bin\r\n"), Raw: mcp.Raw("data: \xff\x00bin\r\n\r\n"), Comments: []string{" ping"}}},
		mcp.Record{Seq: 101, Time: scriptStart, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn,
			Class: mcp.ClassResponse, Raw: mcp.Raw(`{"result":{"tools":[` + big + `]}}`)}},
	)
	path := record(t, recs, RecordOptions{})
	got, r := readAll(t, path)
	if !reflect.DeepEqual(got, recs) {
		for i := range recs {
			if i >= len(got) || !reflect.DeepEqual(got[i], recs[i]) {
				t.Fatalf("record %d differs after the round trip:\ngot  %+v\nwant %+v", i, got[min(i, len(got)-1)], recs[i])
			}
		}
		t.Fatalf("read %d records, want %d", len(got), len(recs))
	}
	want := testHeader()
	want.Format, want.Version, want.Redacts = Format, FormatVersion, RedactsHeaders
	if h := r.Header(); !reflect.DeepEqual(h, want) {
		t.Errorf("Header() = %+v, want %+v", h, want)
	}
	if len(damage(r.Warnings())) != 0 {
		t.Errorf("Warnings() = %q, want none", r.Warnings())
	}
}

func TestReaderRedactedNonUTF8ReadsBack(t *testing.T) {
	got, _ := readAll(t, record(t, secretRecords(), RecordOptions{Tokens: []string{"tok-123456"}}))
	if raw := string(got[2].Event.Raw); raw != "\xff\xfe [redacted]" {
		t.Errorf("event raw = %q, want the bytes with the token redacted", raw)
	}
}

func TestReaderDamagedFiles(t *testing.T) {
	recs := fullSession()
	path := record(t, recs, RecordOptions{})
	whole, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(whole), "\n")
	tests := []struct {
		name     string
		content  string
		records  int
		warnings []string
	}{
		{"cut in the last line", strings.TrimSuffix(string(whole), "\n")[:len(whole)-20], len(recs) - 1,
			[]string{"line 32 is cut short (the recording was interrupted); 30 records read"}},
		{"last line garbled but ended", string(whole[:len(whole)-20]) + "\n", len(recs) - 1,
			[]string{"line 32 is cut short (the recording was interrupted); 30 records read"}},
		{"last line whole JSON but no record", string(whole) + `{"seq":99,"time":"x","kind":"state"}` + "\n", len(recs),
			[]string{`line 33 is not a record (its "time" "x" is not a time as RFC 3339 writes it, such as 2026-11-20T21:57:41Z); skipped it`}},
		{"garbage in the middle", strings.Join(lines[:5], "") + "{oops\n\n" + strings.Join(lines[5:], ""), len(recs),
			[]string{"line 6 is not a record (it is not JSON: a key is not a string in double quotes at byte 1: {▶oops); skipped it"}},
		{"a field of the wrong type", strings.Join(lines[:5], "") + `{"seq":"7","time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}` + "\n" + strings.Join(lines[5:], ""), len(recs),
			[]string{`line 6 is not a record (its "seq" is a JSON string, where a number belongs); skipped it`}},
		{"a number out of range", strings.Join(lines[:5], "") + `{"seq":1e400,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}` + "\n" + strings.Join(lines[5:], ""), len(recs),
			[]string{`line 6 is not a record (its "seq" is the JSON number 1e400, where a whole number from -9223372036854775808 to 9223372036854775807 belongs); skipped it`}},
		{"a fraction for a whole number", strings.Join(lines[:5], "") + `{"seq":-0.5,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}` + "\n" + strings.Join(lines[5:], ""), len(recs),
			[]string{`line 6 is not a record (its "seq" is the JSON number -0.5, where a whole number from -9223372036854775808 to 9223372036854775807 belongs); skipped it`}},
		{"an array for a record", strings.Join(lines[:5], "") + "[]\n" + strings.Join(lines[5:], ""), len(recs),
			[]string{`line 6 is not a record (it is a JSON array, where a record is an object); skipped it`}},
		{"CRLF line ends", strings.ReplaceAll(string(whole), "}\n", "}\r\n"), len(recs), nil},
		{"a byte order mark", "\ufeff" + string(whole), len(recs), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "d.jsonl")
			if err := os.WriteFile(p, []byte(tt.content), 0o600); err != nil {
				t.Fatal(err)
			}
			got, r := readAll(t, p)
			if len(got) != tt.records {
				t.Errorf("read %d records, want %d", len(got), tt.records)
			}
			if !reflect.DeepEqual(damage(r.Warnings()), tt.warnings) {
				t.Errorf("Warnings() = %q, want %q", r.Warnings(), tt.warnings)
			}
		})
	}
}

func TestReaderRejects(t *testing.T) {
	tests := []struct{ name, content, want string }{
		{"empty", "", "is empty: it is not an mcpscope recording"},
		{"other json", `{"seq":1,"kind":"state"}` + "\n", `is not an mcpscope recording: its first line is not a "mcpscope-session" header`},
		{"binary", "\x00\x01\x02", "is not an mcpscope recording"},
		// export and replay --against read it too: "to replay it" told them of another command.
		{"newer", `{"format":"mcpscope-session","version":9,"mcpscope":"9.0.0"}` + "\n", "format version 9 by mcpscope 9.0.0; this mcpscope reads version 2: upgrade mcpscope to read it (replay, export or re-run it)"},
		{"newer, by nobody named", `{"format":"mcpscope-session","version":9,"mcpscope":""}` + "\n", "format version 9 by a newer mcpscope; this mcpscope reads version 2: upgrade mcpscope to read it (replay, export or re-run it)"},
		{"records without a header", `{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}` + "\n",
			`has records but no "mcpscope-session" header line: it is the output of mcpscope exec --json`},
		{"gzip", "\x1f\x8b\x08\x00\x00\x00\x00\x00", "is gzip-compressed: decompress it first"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "bad.jsonl")
			if err := os.WriteFile(p, []byte(tt.content), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := Open(p)
			if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Open() error = %v, want one naming %s and saying %q", err, p, tt.want)
			}
		})
	}
	if _, err := Open(filepath.Join(t.TempDir(), "missing.jsonl")); err == nil || !strings.Contains(err.Error(), "missing.jsonl") {
		t.Errorf("Open(missing) error = %v, want one naming the file", err)
	}
}

// A line just over the limit is named in bytes: both sizes would round to
// the same figure and read as a contradiction.
func TestLongLineJustOverTheLimitSaysByHowMuch(t *testing.T) {
	err := longLineErr(maxLine+1, true)
	if err == nil || !strings.Contains(err.Error(), "1073741825 bytes long") {
		t.Errorf("got %v, want the size in bytes", err)
	}
	if err := longLineErr(3*maxLine, true); err == nil || !strings.Contains(err.Error(), "3.0 GiB long") {
		t.Errorf("got %v, want the size rounded", err)
	}
}
