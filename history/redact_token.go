package history

import (
	"bytes"
	"encoding/json"
	"iter"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonfmt"
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
	// with it (extendIn).
	tail int
	// token68 says the start a record cut is a token68 (a bearer
	// token's, base64's: isToken68), so its rest is one too (extendIn).
	token68   bool
	forms     []string
	lineForms [][]byte
	// heads are, by form, the length of its header segment (commonHead).
	heads []int
	// pieces finds the runs of minPiece bytes of its forms (and of them
	// as a line spells them) a server echoed in part; nil for a token
	// replaced by a spelling of its own, whose parts are tokens too.
	pieces *pieceIndex
	// runs, set on a token of replace's own, are what it replaces: every
	// run its index finds, in each string as it decodes (foundIn).
	runs *pieceIndex
}

func newToken(secret, with string) token {
	t := token{from: userGiven, secret: secret, with: with}
	esc, plain := jsonEscaped(secret), jsonEscapedPlain(secret)
	// unescaped(esc) is the secret as a reader of the JSON gets it back,
	// which a string is searched for as it decodes (foundIn): itself, or
	// with each byte that is no UTF-8 read as U+FFFD, as encoders write it.
	spellings := []string{secret, esc, strings.ReplaceAll(esc, "/", `\/`), plain, strings.ReplaceAll(plain, "/", `\/`), unescaped(esc)}
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
		t.heads = append(t.heads, commonHead(f))
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
	out, _ := jsonfmt.Plain(s) // a string always encodes
	return out[1 : len(out)-1]
}

// in reports whether s holds the token in any of its forms, or a run of
// one (pieces), as it is spelt or once its escapes are decoded (holdsIn).
func (t token) in(s string) bool {
	return holdsIn(s, func(s string) bool { return t.formIn(s) || hasPiece(t.pieces, s) })
}

// formIn reports whether s, as it is, holds one of t's forms.
func (t token) formIn(s string) bool {
	return slices.ContainsFunc(t.forms, func(f string) bool { return strings.Contains(s, f) })
}

// maxDecoded is how many times decodings decodes escapes: once for each
// string a server's JSON nests a secret in (maxNested, as foundIn decodes
// them), and once more for a line, where its text is a string again
// ("\\u0030").
const maxDecoded = maxNested + 1

// decodings yields s and, while it holds escapes none of a token's forms
// spells (escaped), s with its escapes decoded (unescaped), up to
// maxDecoded times: a server may spell every byte of a secret so
// ("\u0030\u0031"), or quote JSON in a string, where a "\/" of the secret
// is "\\\/", and the search that replaces it decodes each string (foundIn).
// Each is made only when the caller asks on for it.
func decodings(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for n := 0; ; n++ {
			if !yield(s) || n == maxDecoded || !escaped(s) {
				return
			}
			s = unescaped(s)
		}
	}
}

// escaped reports whether s holds a \uXXXX escape or an escaped
// backslash: what a token's forms, escaped once, do not spell, and a
// decoding of s may.
func escaped(s string) bool {
	return strings.Contains(s, `\u`) || strings.Contains(s, `\\`)
}

// holdsIn reports whether has holds for one of s's decodings.
func holdsIn(s string, has func(string) bool) bool {
	for d := range decodings(s) {
		if has(d) {
			return true
		}
	}
	return false
}

// replace is s with every form of the token replaced. In JSON text (a
// server's answer) each string is searched as a reader gets it back,
// whatever escapes spell the secret, and a match is replaced with the
// escapes it is spelt with (foundIn); a match across a string's quote is
// no spelling of the secret (jsonStrings.place). Other text (mcpscope's
// own, a body that is no JSON) has no escapes: every match is replaced.
func (t token) replace(s string) string {
	s = t.replaceForms(s)
	if t.pieces == nil || !holdsIn(s, func(s string) bool { return hasPiece(t.pieces, s) }) {
		return s
	}
	// What is left of it in part (redact_piece.go), each run replaced
	// as a form is but by the word alone, and not extended: a piece is
	// no start of what a record cut.
	return token{secret: t.secret, with: Redacted, runs: t.pieces}.replaceForms(s)
}

// replaceForms is replace of t's forms whole, or of its runs.
func (t token) replaceForms(s string) string {
	if t.runs == nil && !holdsIn(s, t.formIn) {
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

// replaceJSON is replace for valid JSON text: one search, of every form
// (or run) at once, in each string as it decodes.
func (t token) replaceJSON(s string) string {
	js := stringsOf(s)
	if t.runs != nil {
		return replaceFound(s, js, foundIn(s, js, nil, func(text string, found func(from, to int) bool) {
			scanPieces(t.runs, text, found)
		}, t.extendIn), t.with)
	}
	return replaceFound(s, js, foundIn(s, js, t.forms, func(text string, found func(from, to int) bool) {
		scanForms(t.forms, text, found)
	}, t.extendIn), t.with)
}

// scanForms calls found with the bounds of each match in text of one of
// forms, the longest at each place, left to right, none overlapping the
// one before, until found returns false.
func scanForms(forms []string, text string, found func(from, to int) bool) {
	// next is, by form, where it is next found at or after i (-1: not
	// again), so text is searched once for each form, however many
	// matches it holds.
	next := make([]int, len(forms))
	for k, f := range forms {
		next[k] = indexFrom(text, f, 0)
	}
	for i := 0; i < len(text); {
		from, to := -1, -1
		for k, f := range forms {
			if next[k] >= 0 && next[k] < i {
				next[k] = indexFrom(text, f, i)
			}
			if at := next[k]; at >= 0 && (from < 0 || at < from || at == from && at+len(f) > to) {
				from, to = at, at+len(f)
			}
		}
		if from < 0 || !found(from, to) {
			return
		}
		i = to
	}
}

// indexFrom is the index of the first f in s at or after i, -1 when none
// is (or f is empty).
func indexFrom(s, f string, i int) int {
	if f == "" {
		return -1
	}
	if j := strings.Index(s[i:], f); j >= 0 {
		return i + j
	}
	return -1
}

// mayContain is a quick test on the encoded line, by token of toks:
// whether it may hold the token in any of its forms, spelt as the line
// spells them or with escapes (token.in), or hidden in base64 (bytes that
// are not UTF-8 are stored so); payloads are searched as the bytes they
// are. Each piece of the line is decoded once for all of toks, not once
// for each: a 20 MB answer recorded while five credentials are looked for
// is decoded once. The answer is may's array when it is long enough.
func (l encodedLine) mayContain(toks []token, may []bool) []bool {
	may = slices.Grow(may[:0], len(toks))[:len(toks)]
	clear(may)
	search := func(s string) {
		for d := range decodings(s) {
			if !slices.Contains(may, false) {
				return
			}
			for i, tok := range toks {
				may[i] = may[i] || tok.formIn(d) || hasPiece(tok.pieces, d)
			}
		}
	}
	for _, t := range l.text {
		if bytes.Contains(t, base64Mark) {
			// Any token may be hidden in it: looked for once, not once
			// a token, and nothing more to learn.
			for i := range may {
				may[i] = true
			}
			return may
		}
		for i, tok := range toks {
			may[i] = may[i] || hasPiece(tok.pieces, t) ||
				slices.ContainsFunc(tok.lineForms, func(f []byte) bool { return bytes.Contains(t, f) })
		}
		if bytes.Contains(t, []byte(`\u`)) || bytes.Contains(t, []byte(`\\`)) { // escaped, without a copy
			search(string(t))
		}
	}
	for _, b := range l.big {
		search(b)
	}
	return may
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
	r.tokensChanged++
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
		r.tokensChanged++
	}
}
