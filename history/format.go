package history

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	sse "github.com/tmaxmax/go-sse"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// Version 2 of the recording format stores the bytes of a message once. A
// session emits a message event and then the received record of the message
// it carries; in version 1 both were written out whole, so the JSON of every
// message was on disk three times (the event's raw bytes, its data, and the
// message's raw bytes). Version 2 writes the event's raw bytes, says where
// its data lies in them, and has the received record point into that data:
//
//	{"seq":7,...,"kind":"event","event":{"conn":1,"name":"message","raw":"event: message\ndata: {...}\n\n","data_at":[21,345]}}
//	{"seq":8,...,"kind":"received","rpc":{"dir":"in",...,"raw_of":{"seq":7,"from":0,"to":324}}}
//
// Everything else (a record the writer does not recognise as sharing bytes,
// and fields added to mcp.Record later) is written exactly as in version 1,
// so a version 1 line is a valid version 2 line.

// diskRecord is a record as a line of a recording. Its Event and RPC shadow
// the embedded record's own, so every other field, including ones added to
// mcp.Record later, is written and read as it always was.
type diskRecord struct {
	mcp.Record
	Event *diskEvent `json:"event,omitempty"`
	RPC   *diskRPC   `json:"rpc,omitempty"`
	// Format is only ever set on a header: read here, it is the header of
	// a second recording appended to the first.
	Format string `json:"format,omitempty"`
}

// errJoined is a header where a record should be.
var errJoined = errors.New("it is the header of another recording: two recordings were joined into one file, and the records after it are from that session")

// check says what is wrong with a decoded line that is valid JSON but no
// record: the UI and export would show it as an empty row, or not at all,
// without saying the file is damaged.
func (dr *diskRecord) check() error {
	if dr.Format != "" {
		return errJoined
	}
	var has bool
	switch dr.Kind {
	case mcp.KindHTTP:
		has = dr.HTTP != nil
	case mcp.KindEvent:
		has = dr.Event != nil
	case mcp.KindEndpoint:
		has = dr.Endpoint != nil
	case mcp.KindSent, mcp.KindReceived:
		has = dr.RPC != nil
	case mcp.KindState:
		has = dr.State != nil
	case mcp.KindError:
		has = dr.Error != nil
	case mcp.KindDetect:
		has = dr.Detect != nil
	case "":
		return errors.New(`it has no "kind"`)
	default:
		return fmt.Errorf("its kind %q is not one this mcpscope knows (a newer mcpscope may have written it)", dr.Kind)
	}
	if !has {
		return fmt.Errorf("its kind is %q but it has no %q member", dr.Kind, kindMember(dr.Kind))
	}
	return nil
}

// kindMember is the member that holds a record's payload.
func kindMember(k mcp.Kind) string {
	if k == mcp.KindSent || k == mcp.KindReceived {
		return "rpc"
	}
	return string(k)
}

// diskEvent is an SSE event as stored: raw bytes always, and the data in at
// most one of four ways (none of them present means the data is empty).
type diskEvent struct {
	mcp.SSEEvent
	Raw payload `json:"raw"`
	// Data is the data spelt out, when it is none of the below.
	Data *payload `json:"data,omitempty"`
	// DataAt is where the data lies in Raw: Raw[from:to].
	DataAt *[2]int `json:"data_at,omitempty"`
	// DataFromRaw says the data is what the SSE standard makes of Raw: its
	// data lines joined by LF (an event whose data spans several lines).
	DataFromRaw bool `json:"data_from_raw,omitempty"`
	// IDAt and NameAt are where a long id and a long name lie in Raw
	// (format_eventat.go).
	IDAt   *[2]int `json:"id_at,omitempty"`
	NameAt *[2]int `json:"name_at,omitempty"`
}

// diskRPC is a JSON-RPC message as stored: its raw bytes spelt out, or
// where they lie in the data of an event record before it.
type diskRPC struct {
	mcp.RPCMessage
	Raw   *payload `json:"raw,omitempty"`
	RawOf *rawRef  `json:"raw_of,omitempty"`
}

// rawRef names bytes of an earlier event's data: data[From:To] of the event
// record with Seq.
type rawRef struct {
	Seq  int64 `json:"seq"`
	From int   `json:"from"`
	To   int   `json:"to"`
}

// payload is wire bytes as mcp.Raw writes them. Reading one decodes the JSON
// string into a single new allocation; encoding/json would make two, which
// for a message of a gigabyte is a gigabyte more.
type payload string

// MarshalJSON writes the bytes as mcp.Raw does.
func (p payload) MarshalJSON() ([]byte, error) { return mcp.Raw(p).MarshalJSON() }

// UnmarshalJSON reads what MarshalJSON wrote.
func (p *payload) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		if s, ok := jsonspan.Unquote(b); ok {
			*p = payload(s)
			return nil
		}
	}
	var r mcp.Raw
	if err := r.UnmarshalJSON(b); err != nil {
		return err
	}
	*p = payload(r)
	return nil
}

// encoder turns records into lines of a version 2 recording. It remembers
// the data of the last event written, which the received records right
// after it point into. Not safe for concurrent use.
type encoder struct {
	lastSeq  int64
	lastData string
}

// encode returns rec's line without its newline.
func (e *encoder) encode(rec mcp.Record) (encodedLine, error) {
	d := diskRecord{Record: rec}
	d.Record.Event, d.Record.RPC = nil, nil
	if rec.Kind != mcp.KindReceived {
		// Only the messages right after an event point into it; holding
		// its data longer would keep a large answer alive after the
		// session let go of it.
		e.lastSeq, e.lastData = 0, ""
	}
	if ev := rec.Event; ev != nil {
		d.Event = e.event(ev)
		e.lastSeq, e.lastData = rec.Seq, string(ev.Data)
	}
	if m := rec.RPC; m != nil {
		d.RPC = &diskRPC{RPCMessage: *m}
		d.RPC.RPCMessage.Raw = ""
		raw := string(m.Raw)
		if from, ok := within(e.lastData, raw); ok && rec.Kind == mcp.KindReceived && raw != "" {
			d.RPC.RawOf = &rawRef{Seq: e.lastSeq, From: from, To: from + len(raw)}
		} else {
			p := payload(raw)
			d.RPC.Raw = &p
		}
	}
	return encodeLine(&d)
}

// streamAbove is the size of payload the recorder writes straight to the
// file instead of through encoding/json, which would build the line in
// memory first, growing its buffer by doubling: twice or three times the
// size of a large answer, for a moment, for every one recorded.
const streamAbove = 64 << 10

// encodedLine is a record's line in pieces: JSON text, and between the
// pieces the large payloads, written as they are JSON-encoded.
type encodedLine struct {
	text [][]byte // one more than big
	big  []string
}

// placeholder stands for the i-th large payload while the rest of the line
// is encoded; encodeLine checks it is found exactly once.
func placeholder(i int) string { return "\x00mcpscope-payload-" + strconv.Itoa(i) + "\x00" }

// encodeLine encodes d with its large payloads left out for writeTo.
func encodeLine(d *diskRecord) (encodedLine, error) {
	var fields []*string
	if d.Event != nil {
		// A long name spelt out (exec --json, where no line holds the raw
		// bytes name_at points into) is written as a payload too: a name
		// of control bytes is six times its size escaped, and
		// encoding/json built that whole, several times over.
		if name := &d.Event.SSEEvent.Name; len(*name) > streamAbove {
			*name = validUTF8(*name)
		}
		// In the order the line holds them, which the split below needs:
		// the embedded event's members come before Raw and Data.
		fields = append(fields, &d.Event.SSEEvent.Name, (*string)(&d.Event.Raw), (*string)(d.Event.Data))
	}
	if d.RPC != nil {
		fields = append(fields, (*string)(d.RPC.Raw))
	}
	var big []string
	var from []*string // where each of big came from
	for _, f := range fields {
		if f != nil && len(*f) > streamAbove {
			big, from = append(big, *f), append(from, f)
			*f = placeholder(len(big) - 1)
		}
	}
	line, err := json.Marshal(d)
	if err != nil {
		return encodedLine{}, err
	}
	out := encodedLine{big: big}
	for i := range big {
		mark, _ := json.Marshal(placeholder(i))
		at := bytes.Index(line, mark)
		if at < 0 || bytes.Count(line, mark) != 1 {
			// Something else in the record spells the placeholder: encode
			// the line whole.
			for k, f := range from {
				*f = big[k]
			}
			line, err = json.Marshal(d)
			return encodedLine{text: [][]byte{line}}, err
		}
		out.text = append(out.text, line[:at])
		line = line[at+len(mark):]
	}
	out.text = append(out.text, line)
	return out, nil
}

// validUTF8 is s with each byte that is not UTF-8 replaced by U+FFFD, as
// encoding/json writes a string: a string field written as a payload must
// read back as it did, and writePayload would write bytes that are not
// UTF-8 as base64, which no string field reads.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/2)
	for s != "" {
		r, size := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[:size])
		}
		s = s[size:]
	}
	return b.String()
}

// writeTo writes the line and its newline. When text is not nil each JSON
// text piece is written as text returns it; every piece starts and ends
// between tokens, so it can be rewritten on its own.
func (l encodedLine) writeTo(w *bufio.Writer, text func([]byte) []byte) error {
	for i, t := range l.text {
		if text != nil {
			t = text(t)
		}
		w.Write(t)
		if i < len(l.big) {
			writePayload(w, l.big[i])
		}
	}
	return w.WriteByte('\n')
}

// writePayload writes bytes as mcp.Raw encodes them: a JSON string when
// they are UTF-8, else {"base64": "..."}. Characters a terminal could act on
// (C0 and C1 controls, DEL, bidi and other invisible format characters) are
// written as \u escapes: the value reads back the same, and a recording or
// an exec --json line shown with cat drives no terminal.
func writePayload(w *bufio.Writer, s string) {
	if !utf8.ValidString(s) {
		w.WriteString(`{"base64":"`)
		enc := base64.NewEncoder(base64.StdEncoding, w)
		io.WriteString(enc, s)
		enc.Close()
		w.WriteString(`"}`)
		return
	}
	var esc [12]byte
	w.WriteByte('"')
	for len(s) > 0 {
		// The run of characters written as they are.
		i, r, size := 0, rune(0), 0
		for ; i < len(s); i += size {
			c := s[i]
			r, size = rune(c), 1
			if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
				continue
			}
			if c >= utf8.RuneSelf {
				if r, size = utf8.DecodeRuneInString(s[i:]); !sanitize.Unsafe(r) {
					continue
				}
			}
			break
		}
		w.WriteString(s[:i])
		if i == len(s) {
			break
		}
		switch r {
		case '"', '\\':
			w.WriteByte('\\')
			w.WriteByte(byte(r))
		case '\n':
			w.WriteString(`\n`)
		case '\r':
			w.WriteString(`\r`)
		case '\t':
			w.WriteString(`\t`)
		default:
			w.Write(sanitize.AppendEscape(esc[:0], r))
		}
		s = s[i+size:]
	}
	w.WriteByte('"')
}

// event stores an event's data the cheapest way that reads back exactly.
func (e *encoder) event(ev *mcp.SSEEvent) *diskEvent {
	d := newDiskEvent(ev)
	raw, data := string(ev.Raw), string(ev.Data)
	switch from, ok := within(raw, data); {
	case data == "":
	case ok:
		d.DataAt = &[2]int{from, from + len(data)}
	case eventData(raw) == data:
		d.DataFromRaw = true
	default:
		p := payload(data)
		d.Data = &p
	}
	d.storeFields(raw)
	return d
}

// newDiskEvent is ev as stored with its raw bytes and no data; the caller
// says how the data is stored.
func newDiskEvent(ev *mcp.SSEEvent) *diskEvent {
	d := &diskEvent{SSEEvent: *ev, Raw: payload(ev.Raw)}
	d.SSEEvent.Raw, d.SSEEvent.Data = "", ""
	return d
}

// within reports where inner lies in outer. Strings the session shares are
// found by their address alone; others are searched for.
func within(outer, inner string) (int, bool) {
	if len(inner) > len(outer) {
		return 0, false
	}
	if len(inner) > 0 {
		o, i := uintptr(unsafe.Pointer(unsafe.StringData(outer))), uintptr(unsafe.Pointer(unsafe.StringData(inner)))
		if i >= o && i+uintptr(len(inner)) <= o+uintptr(len(outer)) {
			return int(i - o), true
		}
	}
	at := strings.Index(outer, inner)
	return at, at >= 0
}

// overlap reports whether a and b share memory: one is a slice of the
// other, or both of a third.
func overlap(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	x, y := uintptr(unsafe.Pointer(unsafe.StringData(a))), uintptr(unsafe.Pointer(unsafe.StringData(b)))
	return x < y+uintptr(len(b)) && y < x+uintptr(len(a))
}

// bytesOf views s as bytes without a copy, for reading only.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// eventData is the data of the first event in raw as the SSE standard reads
// it, or "" when raw holds no event. The tap that framed the event is held to
// the same parser, so this is the data the session saw.
func eventData(raw string) string {
	for ev, err := range sse.Read(strings.NewReader(raw), &sse.ReadConfig{MaxEventSize: len(raw) + 1}) {
		if err != nil {
			return ""
		}
		return ev.Data
	}
	return ""
}
