package command

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// How a person answers what a server asks, in the TUI and in exec's
// --answer, in the same words as a command line:
//
//	elicitation (a form):  accept name=Ann copies:=2   (or decline, cancel)
//	elicitation (a URL):   accept | decline | cancel
//	sampling:              the reply's text, as typed   (or decline)
//
// A form's fields are coerced and checked by its requestedSchema, as a
// tool's arguments are by its inputSchema: problems are warnings, and what
// was typed on purpose is still sent. A field left out that the schema gives
// a default goes with its default: a client shows a form filled with its
// defaults (SEP-1034), so accepting it unchanged sends them, and the
// description of the form says what they are.

// ParseAnswer turns a line into the result that answers req.
func ParseAnswer(req mcp.InputRequest, line string) (json.RawMessage, []ArgWarning, error) {
	switch req.Method {
	case "elicitation/create":
		return answerElicitation(req.Params, line)
	case "sampling/createMessage":
		text := strings.TrimSpace(line)
		if text == "decline" {
			return nil, nil, mcp.ErrDeclined
		}
		if text == "" {
			return nil, nil, fmt.Errorf("a sampled message needs text: type the reply, or decline")
		}
		b, _ := json.Marshal(map[string]any{
			"role":       "assistant",
			"content":    map[string]string{"type": "text", "text": text},
			"model":      "mcpscope (typed by hand)",
			"stopReason": "endTurn",
		})
		return b, nil, nil
	}
	return nil, nil, fmt.Errorf("mcpscope answers elicitation and sampling by hand, not %s", req.Method)
}

// Elicitation is what an elicitation/create asks.
type Elicitation struct {
	Mode            string
	Message         string
	URL             string
	RequestedSchema json.RawMessage
}

// ReadElicitation reads an elicitation/create's params with the one JSON
// scanner, in one pass, which reads the message, mode and URL however deep
// the requestedSchema nests (encoding/json refuses the whole params past
// 10,000 levels, and the form then lost its message and its fields' cause)
// and however many members come before them (an index bounded at 4,096
// lost them past it). What is missing or not a string is left empty.
func ReadElicitation(params json.RawMessage) Elicitation {
	var e Elicitation
	m, ok := mcp.Members(params, "mode", "message", "url", "requestedSchema")
	if !ok {
		return e
	}
	e.Mode, _ = mcp.TextOf(m[0])
	e.Message = textOrExcerpt(m[1])
	e.URL, _ = mcp.TextOf(m[2])
	e.RequestedSchema = json.RawMessage(m[3])
	return e
}

// actionWords are the words an elicitation answer may start with, each
// with the action it sends: the one table Enter (ElicitAction), Tab and
// the form's note (the TUI's) read, so "y name=Ann" is an accepted form
// to all three. Each action's own word comes first.
var actionWords = []struct{ word, action string }{
	{"accept", "accept"}, {"yes", "accept"}, {"y", "accept"},
	{"decline", "decline"}, {"no", "decline"}, {"n", "decline"},
	{"cancel", "cancel"},
}

// ElicitActions are the elicitation answer's actions, each once, in the
// order they are offered: accept, decline, cancel.
func ElicitActions() []string {
	var out []string
	for _, a := range actionWords {
		if a.word == a.action {
			out = append(out, a.word)
		}
	}
	return out
}

// ElicitAction is the action an elicitation answer's first word names
// (yes and y accept, no and n decline), in any case; false for a word
// that names none.
func ElicitAction(word string) (string, bool) {
	for _, a := range actionWords {
		if strings.EqualFold(word, a.word) {
			return a.action, true
		}
	}
	return "", false
}

func answerElicitation(params json.RawMessage, line string) (json.RawMessage, []ArgWarning, error) {
	e := ReadElicitation(params)
	words, err := SplitWords(line)
	if err != nil {
		return nil, nil, err
	}
	action := "accept"
	if len(words) > 0 {
		if a, ok := ElicitAction(words[0]); ok {
			action, words = a, words[1:]
		} else if !strings.Contains(words[0], "=") {
			// A link's answer takes no fields, and a mistyped action
			// ("acept") is named as the one meant.
			fields := ", then the form's fields as key=value"
			if e.Mode == "url" {
				fields = ""
			}
			if meant := Nearest(strings.ToLower(words[0]), ElicitActions()); meant != "" {
				return nil, nil, fmt.Errorf("%s: did you mean %s? answer with accept, decline or cancel%s", argQuoted(words[0]), meant, fields)
			}
			return nil, nil, fmt.Errorf("%s: answer with accept, decline or cancel%s", argQuoted(words[0]), fields)
		}
	} else if e.Mode != "url" {
		return nil, nil, fmt.Errorf("answer with accept and the form's fields (key=value), or decline, or cancel")
	}
	if action != "accept" || e.Mode == "url" {
		if len(words) > 0 && e.Mode == "url" {
			// The fields were meant for a form: the person reading this
			// gave them for another elicitation, or did not know this
			// one only asks to open a link.
			return nil, nil, fmt.Errorf("this elicitation asks to open a URL (mode url), and its answer takes no fields: answer it with a bare accept, decline or cancel")
		}
		if len(words) > 0 {
			return nil, nil, fmt.Errorf("only an accepted form takes fields; %s takes none", action)
		}
		b, _ := json.Marshal(map[string]string{"action": action})
		return b, nil, nil
	}
	schema, err := ParseSchema(e.RequestedSchema)
	var warns []ArgWarning
	if err != nil {
		warns = append(warns, ArgWarning{Message: UnreadableSchema("the form's requestedSchema", err)})
		schema = nil
	}
	args, w, err := parseArgs(words, schema, true)
	warns = append(warns, w...)
	if err != nil {
		return nil, warns, err
	}
	content, err := args.MarshalJSON()
	if err != nil {
		return nil, warns, err
	}
	b := []byte(`{"action":"accept","content":` + string(content) + `}`)
	return b, warns, nil
}

// Describe says in a line or two what an input request asks, for the
// person who must answer it: the form's message and fields, the URL to
// open, or the messages to reply to.
func Describe(req mcp.InputRequest) string {
	switch req.Method {
	case "elicitation/create":
		e := ReadElicitation(req.Params)
		if e.Mode == "url" {
			// Cut so that what to open and the caution survive a caller's
			// cut of the whole line: a server chooses the message's length.
			message, link := clip.Quote(e.Message, 1024), clip.Quote(e.URL, 2048)
			host, caution := URLCaution(e.URL)
			if caution != "" {
				return fmt.Sprintf("%s — careful: %s; the URL: %s; then accept, decline or cancel", message, caution, link)
			}
			return fmt.Sprintf("%s — open %s (on %s), then accept, decline or cancel", message, link, clip.Quote(host, 256))
		}
		schema, err := ParseSchema(e.RequestedSchema)
		if err != nil || schema == nil {
			return e.Message + " — accept key=value …, decline or cancel"
		}
		if schema.Truncated != "" && len(schema.Properties) == 0 {
			return e.Message + " — accept key=value …, decline or cancel (the form's requestedSchema was read in part: " + schema.Truncated + ")"
		}
		if len(schema.Properties) == 0 {
			// "accept  · or decline" read as fields lost in the drawing.
			return e.Message + " — accept (the form asks for no fields), decline or cancel"
		}
		var fields []string
		for _, p := range schema.Properties {
			f := KeyWord(p.Name) + ": " + p.Schema.TypeString()
			if p.Required {
				f = KeyWord(p.Name) + "*: " + p.Schema.TypeString()
			}
			if d := p.Schema.DefaultString(); d != "" {
				f += " = " + d
			}
			fields = append(fields, f)
		}
		return fmt.Sprintf("%s — accept %s · or decline, cancel", e.Message, strings.Join(fields, "  "))
	case "sampling/createMessage":
		return describeSampling(req.Params)
	}
	// A method of the server's own is a name, cut as every name is.
	return mcp.NameShown(req.Method)
}

// samplingContent is a sampled message's content in words: its text, and
// each block that is not text by its type ("[image]", "[tool_use calc]").
// Since 2025-11-25 the content may be a list of blocks (a turn with tool
// calls) as well as one block.
func samplingContent(content jsonspan.Value) string {
	blocks := []jsonspan.Value{content}
	if content.Kind() == jsonspan.Array {
		blocks = slices.Collect(content.Elements())
	}
	words := make([]string, 0, len(blocks))
	for _, b := range blocks {
		typ, _ := b.Get("type").Text()
		text, _ := b.Get("text").Text()
		name, _ := b.Get("name").Text()
		switch {
		case typ == "text":
			words = append(words, text)
		case name != "":
			words = append(words, "["+typ+" "+name+"]")
		default:
			words = append(words, "["+typ+"]")
		}
	}
	return strings.Join(words, " ")
}
