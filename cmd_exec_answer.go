package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// execAnswers answers what a server asks of the user from --answer flags
// given ahead: 'KEY|METHOD WORDS...', where the first word names the input
// request (its inputRequests key in 2026, or its method, or elicitation or
// sampling for short) and the rest is the answer as the TUI takes it.
// What nothing answers is remembered, so exec can say so and fail.
type execAnswers struct {
	given []string
	warn  io.Writer

	mu         sync.Mutex
	command    string // what a warning starts with: the command being run, with --json
	unanswered []mcp.InputRequest
	used       []string // the given answers that matched a request
	// shadowed are the given answers said unused, as one before them
	// fitting the same request was taken (notUsed).
	shadowed []shadowedAnswer
	// firstAsk is, by given answer, the elicitation it first answered:
	// reused for one of another mode, it is said what it was given for.
	firstAsk map[string]askedElicitation
}

// askedElicitation is an elicitation an --answer line answered.
type askedElicitation struct {
	key string // its 2026 inputRequests key, "" in the 2025 eras
	url bool   // it asked to open a URL, not to fill in a form
}

// methodAliases are the short names --answer takes for methods.
var methodAliases = map[string]string{"elicitation": "elicitation/create", "sampling": "sampling/createMessage"}

// aliasOf is the short name --answer takes for method, "" when it has none.
func aliasOf(method string) string {
	for alias, m := range methodAliases {
		if m == method {
			return alias
		}
	}
	return ""
}

// answerForms is how a refused --answer says the forms it takes.
const answerForms = "its first word names what it answers (elicitation, sampling, a method, or a 2026 inputRequests key) and the answer follows after a space, e.g. --answer 'sampling The reply', --answer 'elicitation accept name=Ann' or --answer 'elicitation decline'"

// checkAnswers refuses --answer values that cannot name what they answer:
// an empty one, one whose first word is an assignment ('sampling=yes'),
// and one with no answer after that word ('bogus'), each of which would
// otherwise match nothing, or answer nothing, and leave the user
// wondering why.
func checkAnswers(given []string) error {
	for _, line := range given {
		first, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		if first == "" || strings.ContainsAny(first, "=") {
			return fmt.Errorf("--answer %q: %s", sanitize.Line(line), answerForms)
		}
		if strings.TrimSpace(rest) == "" {
			return fmt.Errorf("--answer %q names what it answers but gives no answer: %s", sanitize.Line(line), answerForms)
		}
	}
	return nil
}

// Answer implements mcp.Answerer.
func (a *execAnswers) Answer(_ context.Context, req mcp.InputRequest) (json.RawMessage, error) {
	// A key is matched as written before a method or its alias: a server
	// may name a key "elicitation" or "sampling", and the hint for it says
	// --answer 'KEY ...', which must then answer it. Of the lines that name
	// it, the first that fits the request answers it (a form's fields for
	// a form, a bare accept for a URL), so one exec can answer both; when
	// none fits, the first says why.
	for _, byKey := range []bool{true, false} {
		var named []string
		for _, line := range a.given {
			first, _, _ := strings.Cut(strings.TrimSpace(line), " ")
			if byKey && (req.Key == "" || first != req.Key && first != inputKeyShown(req.Key)) {
				continue
			}
			if m, ok := methodAliases[first]; ok {
				first = m
			}
			if !byKey && first != req.Method {
				continue
			}
			named = append(named, line)
		}
		if len(named) == 0 {
			continue
		}
		pick, found := named[0], false
		var unused []string // lines that fit as well, after the one taken
		for _, line := range named {
			_, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
			if _, _, err := command.ParseAnswer(req, rest); err == nil {
				if !found {
					pick, found = line, true
				} else if line != pick {
					unused = append(unused, line)
				}
			}
		}
		a.notUsed(req, pick, unused)
		first, rest, _ := strings.Cut(strings.TrimSpace(pick), " ")
		if m, ok := methodAliases[first]; ok {
			first = m
		}
		return a.answer(req, pick, first, rest, byKey)
	}
	a.mu.Lock()
	a.unanswered = append(a.unanswered, req)
	a.mu.Unlock()
	return nil, mcp.ErrNoAnswer
}

// notUsed notes the --answer lines that fit req as well as pick, which
// answered it as the first given: 'confirm accept' then 'confirm decline'
// answered accept, and the decline was dropped without a word. Those no
// later request takes are said at the end (shadowedWords): one fitting a
// form here may be meant for a URL asked later.
func (a *execAnswers) notUsed(req mcp.InputRequest, pick string, unused []string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, line := range unused {
		if !slices.ContainsFunc(a.shadowed, func(s shadowedAnswer) bool { return s.line == line }) {
			a.shadowed = append(a.shadowed, shadowedAnswer{line: line, by: pick, asked: cmp.Or(inputKeyShown(req.Key), req.Method)})
		}
	}
}

// shadowedAnswer is an --answer line that fitted a request another line
// given before it answered.
type shadowedAnswer struct{ line, by, asked string }

// shadowedWords are the warnings of the --answer lines that fitted a
// request only after another, and answered none: "" when there are none.
func (a *execAnswers) shadowedWords() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	var b strings.Builder
	for _, s := range a.shadowed {
		if !slices.Contains(a.used, s.line) {
			fmt.Fprintf(&b, "warning: --answer '%s' was not used: '%s', given before it, answered %s, which it fitted too\n",
				sanitize.Line(clip.Quote(s.line, 512)), sanitize.Line(clip.Quote(s.by, 512)), sanitize.Line(mcp.NameShown(s.asked)))
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// about sets what the warnings about answers given while the next command
// runs start with (printer.about).
func (a *execAnswers) about(command string) {
	a.mu.Lock()
	a.command = command
	a.mu.Unlock()
}

// answer answers req with the words of the --answer line that matched it,
// by its key (byKey) or by its method.
func (a *execAnswers) answer(req mcp.InputRequest, line, first, rest string, byKey bool) (json.RawMessage, error) {
	a.mu.Lock()
	a.used = append(a.used, line)
	about := a.command
	a.mu.Unlock()
	res, warns, err := command.ParseAnswer(req, rest)
	if req.Method == "elicitation/create" {
		var reused string
		if reused, err = a.noteElicitation(req, line, err); reused != "" && err == nil && len(warns) > 0 {
			// What the warnings find missing was never given for this
			// elicitation: the answer was meant for another.
			fmt.Fprintf(a.warn, "warning: %s%s\n", about, sanitize.Line(reused))
		}
	}
	named := first
	if req.Key != "" && !byKey {
		// Taken by its method, one line answers every request of it:
		// the warning names which one it does not fit.
		named += " (for " + mcp.NameShown(inputKeyShown(req.Key)) + ")"
	}
	for _, w := range warns {
		fmt.Fprintf(a.warn, "warning: %s--answer %s: %s\n", about, sanitize.Line(named), sanitize.Line(w.String()))
	}
	if e := command.ReadElicitation(req.Params); err == nil && req.Method == "elicitation/create" && e.Mode == "url" {
		// Answered ahead, the URL would be seen nowhere but the
		// recording: it is what the server wanted the person to open.
		where := ""
		if host, caution := command.URLCaution(e.URL); caution != "" {
			where = "careful: " + caution
		} else {
			where = "on " + host
		}
		fmt.Fprintf(a.warn, "note: --answer %s answered a request to open %s (%s); mcpscope opens nothing\n",
			sanitize.Line(first), sanitize.Quoted(e.URL, 2048), sanitize.Quoted(where, 512))
	}
	return res, err
}

// noteElicitation remembers the first elicitation line answered, and
// turns what became of line answering req (err, and warnings) into what a
// person can act on when line answered an elicitation of the other mode
// before: the answer was given for that one and reused for this one,
// which needs its own. reused, when line fitted all the same, says so
// for the warnings about it; "" when it is no such reuse.
func (a *execAnswers) noteElicitation(req mcp.InputRequest, line string, err error) (reused string, _ error) {
	now := askedElicitation{key: req.Key, url: command.ReadElicitation(req.Params).Mode == "url"}
	a.mu.Lock()
	before, seen := a.firstAsk[line]
	if !seen && err == nil {
		if a.firstAsk == nil {
			a.firstAsk = map[string]askedElicitation{}
		}
		a.firstAsk[line] = now
	}
	a.mu.Unlock()
	if !seen || before.url == now.url {
		return "", err
	}
	it, this, name := "an elicitation before", "this one", "elicitation"
	if before.key != "" {
		it = mcp.NameShown(inputKeyShown(before.key))
	}
	if now.key != "" {
		this = mcp.NameShown(inputKeyShown(now.key))
	}
	if w := answerWord(now.key, req.Method); w != "" {
		// Never a key that cannot stand inside the quotes below.
		name = mcp.NameShown(w)
	}
	given := fmt.Sprintf("--answer '%s' was given for %s (it answered %s)", clip.Quote(line, 512), elicitationKind(before.url), it)
	switch {
	case err == nil:
		return given + " and was taken again for " + this + ", " + elicitationKind(now.url), nil
	case now.url:
		err = fmt.Errorf("%s and does not fit %s, which asks to open a URL (mode url) and takes no fields: give it its own, --answer '%s accept' (or decline, or cancel)", given, this, name)
	default:
		err = fmt.Errorf("%s and does not fit %s, a form: %w; give it its own, --answer '%s accept FIELD=VALUE ...'", given, this, err, name)
	}
	return "", err
}

// elicitationKind names an elicitation by its mode.
func elicitationKind(url bool) string {
	if url {
		return "a request to open a URL"
	}
	return "a form"
}

// missing says what went unanswered and how to answer it next time; "" when
// everything asked was answered.
func (a *execAnswers) missing() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.unanswered) == 0 {
		return ""
	}
	var b strings.Builder
	var names []string // what --answer would name each thing asked by
	for i, r := range a.unanswered {
		if i == mcp.MaxListed {
			fmt.Fprintf(&b, "and %d more things the server asked went unanswered (each is in the recording)\n", len(a.unanswered)-i)
			break
		}
		alias := aliasOf(r.Method)
		name := cmp.Or(r.Key, alias, r.Method)
		shown := name
		if r.Key != "" {
			shown = inputKeyShown(r.Key)
		}
		// A 2026 input request is answered by its key or by its method's
		// name, so a slip of either is named.
		names = append(names, name, r.Method)
		if alias != "" {
			names = append(names, alias)
		}
		// What was asked is quoted in part past a few kilobytes: the
		// recording has it whole.
		fmt.Fprintf(&b, "the server asked for %s (%s): %s\n",
			sanitize.Line(mcp.NameShown(shown)), sanitize.Line(mcp.NameShown(r.Method)), sanitize.Quoted(command.Describe(r), 4096))
		if word := answerWord(r.Key, r.Method); word != "" {
			fmt.Fprintf(&b, "  answer it with --answer '%s'\n", sanitize.Line(answerExample(mcp.NameShown(word), r)))
		}
	}
	// A given answer that matched nothing is most likely the one meant for
	// what went unanswered, under another name.
	for _, line := range a.given {
		if slices.Contains(a.used, line) {
			continue
		}
		fmt.Fprintf(&b, "--answer '%s' matched nothing the server asked", sanitize.Line(line))
		first, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		if near := command.Nearest(first, names); near != "" {
			// A slip of the name ('elicitaton') is said as one, as a
			// slip of a method or a flag is.
			fmt.Fprintf(&b, ": did you mean %s?", sanitize.Line(near))
		}
		b.WriteString("\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}
