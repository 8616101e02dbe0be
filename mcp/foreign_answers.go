package mcp

import (
	"fmt"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// What came back that answered nothing, kept for the timeout error of the
// request it may have meant to answer (see straysLocked).

// maxForeign bounds the ids of foreign answers remembered for timeouts.
const maxForeign = 16

// foreignAnswer is an answer to an id we never sent, or (malformed) a
// message with an id but neither a method, a result nor an error: what a
// broken server sends for an answer, which pairs with nothing.
type foreignAnswer struct {
	seq       int64
	id        string
	malformed bool
	// unreadable, when not "", says why a message that came with no id
	// we could read is no JSON-RPC message (it is not JSON, say): an
	// answer broken so badly that nothing can tell whose it was.
	unreadable string
	// event names the SSE event an answer came in when that was not a
	// message event: clients read no other, so it answers nothing.
	event string
	// first is, when the answer names "id" more than once, the id its
	// first such member gives: mcpscope pairs by the last, as
	// encoding/json reads it, but a reader that keeps the first pairs it
	// by this one.
	first string
	// dataAlike is, for an event that carried no data but a field a
	// person reads as "data" ("Data", "data ", a byte order mark and
	// "data"), that field's name as written: SSE field names are matched
	// byte for byte, so what it held reached nobody.
	dataAlike string
	// nullError is the error of an answer whose id is null, JSON-RPC's
	// answer to a request the server could not read (or whose id it could
	// not tell): the server's reason why the request went unanswered. It
	// is cut where it is made (nullQuoted), once, so the length it tells
	// is that of what the server sent, not of the text quoting it.
	nullError string
}

// nullQuoted bounds what a remembered id-null error quotes of the server's
// message, and of its data: a session keeps up to maxForeign of them.
const nullQuoted = 256

// misnamedCells is how wide the name of an event that carried an answer
// is quoted in the request's timeout: one word, on one row of a status
// line 80 cells wide with the size after it.
const misnamedCells = 48

// misnamedQuoted is an event's name as the timeout quotes it: escaped,
// then cut to misnamedCells, once, where it is noted (a copy, where the
// name is a view of the event, which may be megabytes). "" stays "": a
// foreign answer's event is "" when it came in no misnamed event.
func misnamedQuoted(name string) string {
	if name == "" {
		return ""
	}
	return sanitize.QuotedIn(name, misnamedCells)
}

// rememberForeign keeps an answer that paired with nothing, for the timeout
// of the request it may have meant to answer; s.mu is held.
func (s *Session) rememberForeign(f foreignAnswer) {
	// Copies, cut: the id and name are views of the message's bytes, and
	// keeping a view keeps the whole message, which may be megabytes.
	f.id, f.event = strings.Clone(clip.Quote(f.id, 256)), misnamedQuoted(f.event)
	f.unreadable = strings.Clone(clip.Quote(f.unreadable, 128))
	f.first = strings.Clone(clip.Quote(f.first, 256))
	f.dataAlike = strings.Clone(clip.Quote(f.dataAlike, 32))
	if len(s.foreign) == maxForeign {
		s.foreign = append(s.foreign[:0], s.foreign[1:]...)
	}
	s.foreign = append(s.foreign, f)
}

// rememberDataAlike remembers, after the block ev was logged, a field of it
// a person reads as "data" when ev carried no data: for the error of the
// request whose answer it may have held.
func (s *Session) rememberDataAlike(ev *SSEEvent) {
	if len(ev.Data) > 0 {
		return
	}
	if name := dataAlikeName(ev.Raw); name != "" {
		seq := s.Logged()
		s.mu.Lock()
		s.rememberForeign(foreignAnswer{seq: seq, dataAlike: name})
		s.mu.Unlock()
	}
}

// dataAlikeName is the name of a field of the SSE block raw that a person
// reads as "data" and readers ignore, "" when there is none: "data" in
// another case ("Data", "DATA"), with a space before its colon ("data "),
// or after a byte order mark (a writer that starts each event with one; a
// reader drops only the one that starts the stream). SSE field names are
// matched byte for byte.
func dataAlikeName(raw Raw) string {
	rest := string(raw)
	for rest != "" {
		line := rest
		if i := strings.IndexAny(rest, "\r\n"); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		name, _, ok := strings.Cut(line, ":")
		bare := strings.Trim(strings.TrimLeft(name, "\ufeff"), " \t")
		if ok && name != "data" && strings.EqualFold(bare, "data") {
			return name
		}
	}
	return ""
}

// DataAlikeWhy says why readers ignore the field named name, which
// dataAlikeName found: its case, or the bytes about "data" in its name.
func DataAlikeWhy(name string) string {
	if strings.EqualFold(name, "data") {
		return "field names are case-sensitive"
	}
	return "a field's name is every byte before its colon, a space or a byte order mark too"
}

// StreamStrays gathers, from one request's answer (its event stream or
// JSON body), what a reader passes over that may have held its answer: an
// answer with its id in an event not named "message", data in a field a
// person reads as "data", or an answer naming "id" twice, the request's
// first (the observer tells it, as it logs the answer: ServerEvents,
// ServerText). The proxy, which relays the answer and takes no part in
// it, says them when the answer ends without the request's, in the words
// a session's failure uses (strayWords).
type StreamStrays struct {
	id string
	st strays
}

// maxStreamStrays bounds what one stream's strays keep: a stream may carry
// any number of events, and the words name only the first.
const maxStreamStrays = 4

// NewStreamStrays gathers the strays of the stream answering the request
// whose id is id, as the client wrote it.
func NewStreamStrays(id []byte) *StreamStrays { return &StreamStrays{id: string(id)} }

// Note reads one block of the stream. Only a block a reader drops is read
// (an event with no data, or one named other than "message"): the
// answers the stream carries are read once, by whoever logs them.
func (s *StreamStrays) Note(ev *SSEEvent) {
	switch {
	case ev.Unparsed():
	case len(ev.Data) == 0:
		if name := dataAlikeName(ev.Raw); name != "" && len(s.st.DataAlike) < maxStreamStrays {
			s.st.DataAlike = append(s.st.DataAlike, strings.Clone(clip.Quote(name, 32)))
		}
	case ev.Name != "message" && ev.Name != "":
		if p, sh := shapeOf(bytesOf(string(ev.Data))); sh == shapeAnswer && SameID(stringOf(p.id), s.id) && len(s.st.Misnamed) < maxStreamStrays {
			s.st.Misnamed = append(s.st.Misnamed, misnamedQuoted(ev.Name))
		}
	}
}

// shadowed notes an answer that paired with nothing, naming "id" first as
// first and last as last: one whose first is the request's is its answer
// to a reader that keeps the first. s may be nil.
func (s *StreamStrays) shadowed(first []byte, last string) {
	if s != nil && first != nil && SameID(string(first), s.id) && len(s.st.Shadowed) < maxStreamStrays {
		s.st.Shadowed = append(s.st.Shadowed, strings.Clone(clip.Quote(last, 256)))
	}
}

// Words says what strayed, as clauses to append to a message saying the
// answer did not come; "" when nothing did.
func (s *StreamStrays) Words() string { return strayWords(s.st) }

// IDTwice says, of an answer that names "id" more than once, which id it
// names first and which last, and how readers differ on it; "" when it
// names "id" once. mcpscope pairs an answer by its last id.
func IDTwice(raw Raw) string {
	p, ok := peekMessage(bytesOf(string(raw)))
	if !ok || p.firstID == nil {
		return ""
	}
	first := clip.Quote(stringOf(p.firstID), 64)
	return "it names " + idTwice(first, clip.Quote(stringOf(p.id), 64)) + ", but a reader that keeps the first takes it as the answer to " + first
}

// idTwice says what an answer naming "id" twice, first then last, is to
// mcpscope: a session's failure and the proxy's line say it alike.
func idTwice(first, last string) string {
	return fmt.Sprintf(`"id" twice, %s first and %s last: mcpscope, like most JSON readers, took the last`, first, last)
}
