// Package command is the user's command language: command lines as typed in
// the TUI and exec (`tools/call NAME key=value ...`), shell-style word
// splitting, key=value arguments coerced by a tool's inputSchema and checked
// against it, and running a command on a session. The wire package knows
// nothing of it.
package command

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/jsonwhy"
)

// cmdUsage is the form of every command, one a line: Usage gives a
// method's own rows, as the TUI's hint shows them while it is typed.
const cmdUsage = `usage:
  initialize                                 (alias: init)
  tools/list [--all] [cursor=X]              (aliases: list, ls, tools)
  tools/call NAME [key=value ...]            (alias: call; key:=json sends raw JSON)
  tools/call NAME '{"key":"value"}'          (the arguments as one JSON object, sent as typed)
  resources/list [--all] [cursor=X]          (alias: resources)
  resources/templates/list [--all] [cursor=X] (alias: templates)
  resources/read URI                         (alias: read)
  resources/read TEMPLATE [var=value ...]    (fills an RFC 6570 template, e.g. repo://{owner}/{name})
  resources/subscribe URI|TEMPLATE [var=value ...]   (alias: subscribe)
  resources/unsubscribe URI|TEMPLATE [var=value ...] (alias: unsubscribe)
  prompts/list [--all] [cursor=X]            (alias: prompts)
  prompts/get NAME [arg=value ...]           (alias: prompt)
  completion/complete prompt NAME ARG=VALUE [arg=value ...]   (alias: complete)
  completion/complete resource TEMPLATE VAR=VALUE [var=value ...]
  logging/setLevel LEVEL                     (alias: loglevel; debug info notice warning error critical alert emergency)
  server/discover                            (2026-07-28: what the server is; initialize opens the older eras)
  subscriptions/listen notifications:='{"toolsListChanged":true,"resourceSubscriptions":["URI"]}'   (2026-07-28; stays open)
  tasks/get taskId=ID                        (tasks/cancel alike; 2025-11-25: tasks/result; 2026 extension: tasks/update)
  tasks/list [--all] [cursor=X]              (2025-11-25)
  METHOD [key=value ... | {json params}]`

// Command is one command line as a user types it in exec or the TUI.
type Command struct {
	Method string
	// Tool is the tool name, for tools/call only.
	Tool string
	// Target is what the other commands name before their key=value words:
	// the prompt of prompts/get, the URI or template of resources/read,
	// resources/subscribe and resources/unsubscribe, the level of
	// logging/setLevel, the prompt or template of completion/complete.
	Target string
	// Words are the key=value and key:=json words, still to be read by ParseArgs.
	Words []string
	// Params is set when the user gave a raw JSON params object as the only
	// argument, and for completion/complete, whose words say the params whole.
	Params json.RawMessage
	// Arguments are tools/call's arguments when they were given as one
	// JSON object (tools/call NAME '{"key":"value"}'), exactly as typed;
	// Words is empty then.
	Arguments json.RawMessage
	// All asks a list to follow nextCursor through every page.
	All bool
	// EmptyCursor asks a list for the page the empty cursor names
	// (cursor="" or cursor=''; 2026-07-28: "an empty string is a valid
	// cursor"), where cursor= with no text asks for the first page, as it
	// always did.
	EmptyCursor bool
	// Line is the command line as typed, without surrounding blanks, for history and errors.
	Line string
	// Warnings say what a line that could mean two things was taken to
	// mean (a quoted 'uri=x' is sent whole as the URI), with its send.
	Warnings []ArgWarning
}

// Bare reports whether c was typed with nothing after its name (no
// key=value words, no JSON params): mcpscope fills in what it sends, so
// a bare initialize or tools/list is the one mcpscope would send itself.
func (c Command) Bare() bool { return c.Params == nil && len(c.Words) == 0 }

// cmdAliases are the short forms a person types at the prompt.
var cmdAliases = map[string]string{
	"init":        "initialize",
	"list":        "tools/list",
	"ls":          "tools/list",
	"tools":       "tools/list", // as "prompts" and "resources" list theirs
	"call":        "tools/call",
	"resources":   "resources/list",
	"templates":   "resources/templates/list",
	"read":        "resources/read",
	"subscribe":   "resources/subscribe",
	"unsubscribe": "resources/unsubscribe",
	"prompts":     "prompts/list",
	"prompt":      "prompts/get",
	"complete":    "completion/complete",
	"loglevel":    "logging/setLevel",
}

// Canonical returns the method a first word names: the method an alias
// stands for, or the word itself.
func Canonical(word string) string {
	if m, ok := cmdAliases[word]; ok {
		return m
	}
	return word
}

// IsAlias reports whether word is one of the short forms of a method.
func IsAlias(word string) bool {
	_, ok := cmdAliases[word]
	return ok
}

// ParseCommand parses the command lines of cmdUsage: the lists with
// [--all] [cursor=X], the commands that name something first (tools/call
// NAME, prompts/get NAME, resources/read URI ...) followed by key=value
// words, completion/complete, logging/setLevel, and any other `METHOD`
// followed by nothing, key=value words (read later with a nil schema) or one
// JSON object of params. When the text after a method starts with "{" and is
// a JSON object it is taken verbatim as params, so the JSON needs no shell
// quoting. Initialize takes params like any other method.
func ParseCommand(line string) (Command, error) {
	cmd := Command{Line: strings.TrimSpace(line)}
	method, next, found, err := argNextWord(line, 0)
	if err != nil {
		return cmd, err
	}
	if !found {
		return cmd, errors.New("empty command: give a method such as tools/list")
	}
	method = Canonical(method)
	if method == "" || strings.ContainsAny(method, "={") {
		return cmd, fmt.Errorf("%s is not a method name", argQuoted(method))
	}
	cmd.Method = method
	rest := strings.TrimSpace(line[next:])
	if strings.HasPrefix(rest, "{") && !listMethods[method] && method != "tools/call" {
		// A resource template may start with "{" too ({+path}): only
		// a JSON object is params there.
		if !targetMethods[method] || jsonObject(rest) {
			return cmdParams(cmd, rest)
		}
	}
	// Split from the original offset so error columns count from the start of the line.
	words, err := argSplitFrom(line, next)
	if err != nil {
		return cmd, err
	}
	// A quoted first word is a name whatever it holds: a server's tool or
	// prompt name with = or { in it would otherwise read as an argument,
	// and could not be called at all.
	nameQuoted := strings.HasPrefix(rest, "'") || strings.HasPrefix(rest, `"`)
	switch {
	case listMethods[method]:
		return cmdList(cmd, SplitPartial(line)[1:], line)
	case targetMethods[method]:
		return cmdTarget(cmd, words, nameQuoted)
	case method == "completion/complete":
		return cmdComplete(cmd, words)
	case method == "logging/setLevel":
		return cmdLogLevel(cmd, words)
	case method == "tools/call":
		if len(words) == 0 {
			return cmd, errors.New("tools/call needs the tool name before its arguments")
		}
		if err := ToolNameProblem(words[0], nameQuoted); err != nil {
			return cmd, err
		}
		// The words are checked against the tool's schema when it is
		// called (ParseArgs), which can say which key a bare value
		// was meant for.
		cmd.Tool, cmd.Words = words[0], words[1:]
		if nameQuoted {
			cmd.Warnings = quotedKeyWarnings(method, cmd.Tool)
		}
		return cmdArguments(cmd, line, next)
	default:
		if object := quotedObject(words); object != "" {
			return cmdParams(cmd, object)
		}
	}
	for _, w := range words {
		if _, _, err := argSplitWord(w); err != nil {
			if typo := MethodTypo(method); typo != "" {
				// "tools/cal greet" fails on greet, which is not the
				// mistake: say what the method was meant to be first.
				return cmd, fmt.Errorf("%s (%v)", typo, err)
			}
			return cmd, err
		}
	}
	cmd.Words = words
	return cmd, nil
}

// cmdList reads a list's words, as they stand in line: as typed,
// cursor="" (the empty cursor) differs from cursor= (none).
func cmdList(cmd Command, words []Word, line string) (Command, error) {
	for _, w := range words {
		switch raw := line[w.Start:w.End]; {
		case w.Text == "--all":
			cmd.All = true
		case raw == `cursor=""` || raw == "cursor=''":
			cmd.EmptyCursor = true
		default:
			cmd.Words = append(cmd.Words, w.Text)
		}
	}
	return cmd, listWords(cmd)
}

// listWords is what is wrong with a list's words, nil when they are at
// most one cursor=X: the one check of them, said by ParseCommand before
// anything is sent and by running a Command made another way (listCursor).
func listWords(cmd Command) error {
	for _, w := range cmd.Words {
		if !strings.HasPrefix(w, "cursor=") {
			return fmt.Errorf("%s takes only --all and cursor=X, not %s", cmd.Method, argQuoted(w))
		}
	}
	if cmd.EmptyCursor && len(cmd.Words) > 0 {
		return fmt.Errorf("%s takes one cursor: cursor=\"\" (the empty one) or cursor=X, not both", cmd.Method)
	}
	if len(cmd.Words) > 1 {
		// Said here, before anything is sent, as the others are: at
		// send time it came under the list's heading as the answer.
		return fmt.Errorf("%s takes one cursor, not %d: cursor=X with the nextCursor of the page before", cmd.Method, len(cmd.Words))
	}
	return nil
}

// cmdArguments takes tools/call's arguments given as one JSON object, as
// other clients take them: the text after the tool name when it is one
// (verbatim, so it needs no shell quoting), or the one word after the name
// that starts with "{" (the object quoted, as exec passes an argument of
// its own). next is where the tool name starts in line. Anything else
// stays key=value words.
func cmdArguments(cmd Command, line string, next int) (Command, error) {
	_, after, _, _ := argNextWord(line, next) // the tool name, read once already
	text := strings.TrimSpace(line[after:])
	if err := ArgumentsArray(cmd.Tool, text, cmd.Words); err != nil {
		return cmd, err
	}
	if !strings.HasPrefix(text, "{") || !jsonObject(text) {
		if object := quotedObject(cmd.Words); object != "" {
			text = object
		} else if !pastedObject(text, cmd.Words) {
			return cmd, nil
		}
	}
	// Text that starts with "{" and is JSON is an object.
	if _, err := jsonspan.Parse([]byte(text), jsonspan.Limits{Depth: 1}); err != nil {
		return cmd, fmt.Errorf("the arguments of tools/call %s are not one JSON object (%s): quote the object as one word in single quotes, so the shell keeps its double quotes ('{\"key\":\"value\"}'), or give key=value words", cmd.Tool, jsonwhy.Syntax([]byte(text), err))
	}
	if deep := tooDeep([]byte(text), argumentsRoom, "the arguments object"); deep != "" {
		// JSON all the same: only its depth is past what the session
		// sends, and it is said as for a key:= value.
		return cmd, fmt.Errorf("the arguments of tools/call %s are %s", cmd.Tool, deep)
	}
	cmd.Words, cmd.Arguments = nil, json.RawMessage(text)
	return cmd, nil
}

// ToolNameProblem is why tools/call refuses word as its tool name, nil when
// it takes it: an unquoted word with = or { in it is an argument, not a
// name. The command line's hint says the same words before Enter does.
func ToolNameProblem(word string, quoted bool) error {
	if !quoted && strings.ContainsAny(word, "={") {
		return errors.New("tools/call needs the tool name before its arguments (a name that holds = or { goes in quotes: tools/call 'a=b')")
	}
	return nil
}

// ArgumentsArray refuses tools/call arguments given as one JSON array
// (JSON-RPC's params by position): text is what follows the tool name,
// words the words it was split into; nil when they are no array. A tool
// takes its arguments by name only, so no schema makes them right, and
// they are refused before anything is sent, unlike a bare word among
// key=value words, which may be a value whose key the schema tells
// (BareWord).
func ArgumentsArray(tool, text string, words []string) error {
	for _, t := range []string{text, strings.Join(words, " ")} {
		if !strings.HasPrefix(t, "[") || len(words) == 0 {
			continue
		}
		if doc, err := jsonspan.Parse([]byte(t), jsonspan.Limits{Depth: 1}); err != nil || doc.Root().Kind() != jsonspan.Array {
			continue
		}
		list := "'[…]'"
		if len(t) <= 40 {
			list = ShellQuote(t)
		}
		return fmt.Errorf("tools/call %s takes its arguments by name, not as a JSON array (%s): give key=value words (a list goes to its key: KEY:=%s) or one JSON object ('{\"key\":\"value\"}')",
			clip.Quote(tool, quotedValue), clip.Quote(t, 40), list)
	}
	return nil
}

// quotedObject is the one word of words, trimmed, when it starts with
// "{": an object given whole in quotes. Its blanks are trimmed as those
// of an object typed verbatim are: "$(cat args.json)" or a pasted object
// may bring blanks inside the quotes, and the object is no key=value word
// for them. It is "" for anything else.
func quotedObject(words []string) string {
	if len(words) != 1 {
		return ""
	}
	if object := strings.TrimSpace(words[0]); strings.HasPrefix(object, "{") {
		return object
	}
	return ""
}

// pastedObject reports whether text, the unquoted text after the tool
// name, is meant as a JSON object though it is none: it starts with "{"
// and its first word is no key=value word ({a}=1 is one). Almost valid
// JSON (a trailing comma, a brace missing) is then said to be broken
// JSON, where the mistake is, rather than split into words that lost
// their quotes and are each refused as no key=value.
func pastedObject(text string, words []string) bool {
	if !strings.HasPrefix(text, "{") || len(words) == 0 {
		return false
	}
	_, _, err := argSplitWord(words[0])
	return err != nil
}

// jsonObject reports whether text is one JSON object, however deep.
func jsonObject(text string) bool {
	doc, err := jsonspan.Parse([]byte(text), jsonspan.Limits{Depth: 1})
	return err == nil && doc.Root().Kind() == jsonspan.Object
}

func cmdParams(cmd Command, text string) (Command, error) {
	// Read at any depth, so JSON too deep for encoding/json is not called
	// "not one JSON object" but refused in the words of every too-deep value.
	// The text starts with "{": when it is JSON, it is one object.
	if _, err := argJSON(text); err != nil {
		return cmd, fmt.Errorf("params for %s are not one JSON object (%v); give one JSON object or key=value words", clip.Quote(cmd.Method, quotedValue), err)
	}
	if deep := tooDeep([]byte(text), paramsRoom, "the params object"); deep != "" {
		return cmd, fmt.Errorf("the params of %s are %s", clip.Quote(cmd.Method, quotedValue), deep)
	}
	cmd.Params = json.RawMessage(text)
	return cmd, nil
}

// SplitWords splits a command line like a POSIX shell: single quotes, double quotes
// with \" and \\ escapes (other backslashes inside them stay), backslash escapes
// outside quotes (a backslash before a line break joins the lines), whitespace
// separation. An unterminated quote is an error naming the column where it opened;
// so is a backslash at the very end, which would otherwise be silently dropped.
func SplitWords(line string) ([]string, error) {
	return argSplitFrom(line, 0)
}

// Word is one word of a command line and where its raw text stands in it.
type Word struct {
	Text       string // quotes and escapes removed
	Start, End int    // byte offsets of the raw word in the line
}

// SplitPartial splits a line that is still being typed: as SplitWords does,
// except that an unterminated quote or a final backslash runs to the end of
// the line instead of failing, because the user has not finished it.
func SplitPartial(line string) []Word {
	var words []Word
	pos := 0
	for {
		for pos < len(line) && cmdSpace(line[pos]) {
			pos++
		}
		w, next, found, _ := argNextWordMode(line, pos, true)
		if !found {
			return words
		}
		words = append(words, Word{Text: w, Start: pos, End: next})
		pos = next
	}
}

func argSplitFrom(line string, pos int) ([]string, error) {
	var words []string
	for {
		w, next, found, err := argNextWord(line, pos)
		if err != nil {
			return nil, err
		}
		if !found {
			return words, nil
		}
		words = append(words, w)
		pos = next
	}
}

func cmdSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// argNextWord reads the word starting at or after pos; ParseCommand uses it to stop
// after the method and look at the rest of the line as typed. Bytes are scanned one at
// a time: every special character is ASCII, which never occurs inside a UTF-8 sequence.
func argNextWord(line string, pos int) (word string, next int, found bool, err error) {
	return argNextWordMode(line, pos, false)
}

// argNextWordMode is argNextWord; lenient lets unfinished quoting run to the
// end of the line rather than fail.
func argNextWordMode(line string, pos int, lenient bool) (word string, next int, found bool, err error) {
	for pos < len(line) && cmdSpace(line[pos]) {
		pos++
	}
	if pos == len(line) {
		return "", pos, false, nil
	}
	col := func(i int) int { return utf8.RuneCountInString(line[:i]) + 1 }
	var b strings.Builder
	i := pos
	for i < len(line) && !cmdSpace(line[i]) {
		switch c := line[i]; c {
		case '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				if !lenient {
					return "", 0, false, fmt.Errorf("unterminated single quote at column %d", col(i))
				}
				end = len(line) - i - 1
			}
			b.WriteString(line[i+1 : i+1+end])
			i = min(len(line), i+end+2)
		case '"':
			j := i + 1
			for ; j < len(line) && line[j] != '"'; j++ {
				if line[j] == '\\' && j+1 < len(line) && (line[j+1] == '"' || line[j+1] == '\\') {
					j++
				}
				b.WriteByte(line[j])
			}
			if j == len(line) {
				if !lenient {
					return "", 0, false, fmt.Errorf("unterminated double quote at column %d", col(i))
				}
				i = j
				break
			}
			i = j + 1
		case '\\':
			if i+1 == len(line) && lenient {
				i++
				break
			}
			if i+1 == len(line) {
				return "", 0, false, fmt.Errorf("backslash at the end of the line (column %d) escapes nothing; write \\\\ for a backslash", col(i))
			}
			// A backslash before a line break joins the lines, as in a shell.
			if line[i+1] != '\n' {
				b.WriteByte(line[i+1])
			}
			i += 2
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), i, true, nil
}

// QuoteName is ShellQuote for the name after tools/call or prompts/get:
// a name holding = is quoted too, since ParseCommand reads only a quoted
// first word with = in it as a name, not as an argument.
func QuoteName(s string) string {
	if q := ShellQuote(s); q != s || !strings.Contains(s, "=") {
		return q
	}
	return "'" + s + "'"
}

// ShellQuote quotes s so that SplitWords reads it back as one word equal to s;
// completion and exec use it to put server-given names back into a line.
func ShellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=@%+,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
