package history

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// learntFrom says where a learnt token came from: each kind has its own
// maxLearned.
type learntFrom int8

const (
	learntCredential learntFrom = iota // Authorization, or a user's -H header
	learntCookie
	userGiven // not learnt: the user's own, never dropped
)

// token is a secret replaced wherever it appears, and what replaces it.
// A server's bytes are kept as they came, so a secret it echoes inside a
// JSON string may be spelt as its encoder escapes it: Go's escapes & < >
// (\u0026), PHP's escapes / (\/), which base64 tokens hold, and most
// (JavaScript's, Python's) escape neither, only " \ and control
// characters, so a secret holding & and " is spelt unlike Go's. forms are the
// secret's spellings in a string, lineForms each as an encoded line holds
// it, worked out once: the line of every record is searched for them.
type token struct {
	from         learntFrom
	age          int // the order it was added in (redactor.add)
	secret, with string
	// tail is, for a secret learnt as the start of a credential a record
	// cut (redactor.learn), how many bytes of it the record did not hold:
	// up to that many credential bytes after each match are replaced
	// with it (extend).
	tail int
	// token68 says the start a record cut is a token68 (a bearer
	// token's, base64's: isToken68), so its rest is one too (extendIn).
	token68   bool
	forms     []string
	lineForms [][]byte
	// pieces finds the runs of minPiece bytes of its forms (and of them
	// as a line spells them) a server echoed in part; nil for a token
	// replaced by a spelling of its own, whose parts are tokens too.
	pieces *pieceIndex
	// runs, set on a token of replace's own, are what it replaces: every
	// run its index finds, where forms are strings (replaceFound).
	runs *pieceIndex
	// unrespelt leaves the matches inside escapes as they are (replace's
	// first round, redactor.text): a respelling one token made broke
	// another's spelling, and left that secret in the text.
	unrespelt bool
}

func newToken(secret, with string) token {
	t := token{from: userGiven, secret: secret, with: with}
	esc, plain := jsonEscaped(secret), jsonEscapedPlain(secret)
	spellings := []string{secret, esc, strings.ReplaceAll(esc, "/", `\/`), plain, strings.ReplaceAll(plain, "/", `\/`)}
	if with == Redacted {
		// A token replaced by the word alone; one replaced by a spelling
		// of its own (a URL's "user:password@", "?token=T") has its parts
		// among the tokens, each replaced by the word, encoded too.
		spellings = append(spellings, urlEncodings(secret)...)
	}
	for _, f := range spellings {
		if !slices.Contains(t.forms, f) {
			t.forms = append(t.forms, f)
		}
	}
	for _, f := range t.forms {
		for _, l := range []string{f, jsonEscaped(f)} {
			if !slices.ContainsFunc(t.lineForms, func(b []byte) bool { return string(b) == l }) {
				t.lineForms = append(t.lineForms, []byte(l))
			}
		}
	}
	if with == Redacted {
		lines := make([]string, len(t.lineForms))
		for i, l := range t.lineForms {
			lines[i] = string(l)
		}
		t.pieces = newPieceIndex(lines)
	}
	return t
}

// jsonEscaped is s as encoding/json writes it inside a string's quotes.
func jsonEscaped(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// jsonEscapedPlain is s as an encoder that leaves & < > alone
// (JavaScript's JSON.stringify, Python's json) writes it inside quotes.
func jsonEscapedPlain(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	out := strings.TrimSuffix(b.String(), "\n")
	return out[1 : len(out)-1]
}

// in reports whether s holds the token in any of its forms.
func (t token) in(s string) bool {
	return slices.ContainsFunc(t.forms, func(f string) bool { return strings.Contains(s, f) }) || hasPiece(t.pieces, s)
}

// replace is s with every form of the token replaced. In JSON text (a
// server's answer) a match that begins or ends inside an escape sequence
// is no spelling of the secret: "00000000" inside "\u00000000" is the
// escape's digits and four more, and replacing it would leave the answer
// no JSON. Such a match is skipped; the text it is in does not decode to
// the secret there; so is a match across a string's quote (see
// jsonStrings.place). Other text (mcpscope's own, a body that is no JSON)
// has no escapes: every match is replaced.
func (t token) replace(s string) string {
	s = t.replaceForms(s)
	if !hasPiece(t.pieces, s) {
		return s
	}
	// What is left of it in part (redact_piece.go), each run replaced
	// as a form is but by the word alone, and not extended: a piece is
	// no start of what a record cut.
	return token{secret: t.secret, with: Redacted, runs: t.pieces, unrespelt: t.unrespelt}.replaceForms(s)
}

// replaceForms is replace of t's forms whole, or of its runs.
func (t token) replaceForms(s string) string {
	if t.runs == nil && !slices.ContainsFunc(t.forms, func(f string) bool { return strings.Contains(s, f) }) {
		return s
	}
	if !json.Valid([]byte(s)) {
		return t.replaceLines(s)
	}
	return t.replaceJSON(s)
}

// replaceLines is replace for text that is no JSON as a whole. A line of
// it whose value after "data:" is JSON (an SSE event's raw bytes) is
// replaced as JSON, so the event's data stays the JSON it was; any other
// text has no escapes, and every match is replaced.
func (t token) replaceLines(s string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, line := range lines {
		body := strings.TrimRight(line, "\r\n")
		if rest, ok := strings.CutPrefix(body, "data:"); ok {
			v := strings.TrimPrefix(rest, " ")
			if json.Valid([]byte(v)) {
				lines[i] = body[:len(body)-len(v)] + t.replaceJSON(v) + line[len(body):]
				continue
			}
		}
		if t.runs != nil {
			line = replaceRuns(t.runs, line)
		}
		for _, f := range t.forms {
			line = t.replacePlain(line, f)
		}
		lines[i] = line
	}
	return strings.Join(lines, "")
}

// replaceJSON is replace for valid JSON text.
func (t token) replaceJSON(s string) string {
	// Every spelling first, then what is left inside escapes respelt: a
	// respelling must not undo a spelling another form would match ("\/"
	// of PHP's).
	if t.runs != nil {
		// A run never starts or ends inside an escape (runsOf): none is
		// skipped, and there is nothing to respell.
		runs := runsOf(t.runs, s)
		s = replaceFound(s, func(_ string, i int) (int, int) {
			for len(runs) > 0 && runs[0][0] < i {
				runs = runs[1:]
			}
			if len(runs) == 0 {
				return -1, -1
			}
			return runs[0][0], runs[0][1]
		}, t.with, false, t.extend)
	}
	for _, respell := range []bool{false, true} {
		if respell && t.unrespelt {
			break
		}
		for _, f := range t.forms {
			if strings.Contains(s, f) {
				s = replaceOutsideEscapes(s, f, t.with, respell, t.extend)
			}
		}
	}
	return s
}

// mayContain is a quick test on the encoded line: the token in any of its
// forms, or hidden in base64 (bytes that are not UTF-8 are stored so).
func mayContain(line []byte, tok token) bool {
	return bytes.Contains(line, base64Mark) || slices.ContainsFunc(tok.lineForms, func(f []byte) bool { return bytes.Contains(line, f) }) ||
		hasPiece(tok.pieces, line)
}

// add keeps t among r's tokens, longest secret first: each token replaces
// its secret in turn, and a shorter one replaced first would leave the end
// of a longer one it begins ("?token=ab" before "?token=abc" left "c").
func (r *redactor) add(t token) {
	t.age = r.nextAge()
	i := slices.IndexFunc(r.tokens, func(o token) bool { return len(o.secret) < len(t.secret) })
	if i < 0 {
		i = len(r.tokens)
	}
	r.tokens = slices.Insert(r.tokens, i, t)
}

// nextAge is the age of a token added, or learnt again, now: older than
// every later one.
func (r *redactor) nextAge() int {
	r.added++
	return r.added - 1
}

// dropOldest drops the token of kind from added first.
func (r *redactor) dropOldest(from learntFrom) {
	oldest := -1
	for i, t := range r.tokens {
		if t.from == from && (oldest < 0 || t.age < r.tokens[oldest].age) {
			oldest = i
		}
	}
	if oldest >= 0 {
		r.tokens = slices.Delete(r.tokens, oldest, oldest+1)
	}
}
