package ui

import (
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// surfaceHint says what the word under the cursor is when it names
// something the server lists (a prompt, its arguments, a resource, a
// template's variables), from what was listed last; ok is false when the
// line is not at such a word. Before anything is listed it says that Tab
// lists it first (listingFor): Tab has nothing to offer until then. What
// to do fits 80 columns. askedNothing says the server answered the value
// under the cursor with no values: Tab asks it no more.
func (ctx lineContext) surfaceHint(sf history.Surface, keys *KeyMap, askedNothing bool) (string, bool) {
	prefix, tab := ctx.cur.Text, keys.Complete.Help().Key
	// What the command takes still follows what to send first, in the
	// room that leaves.
	usage := func(before string) string {
		return before + " · " + ctx.usageAfter(before+" · ")
	}
	promptName, promptArgs := ctx.atPromptName(), ctx.atPromptArgs()
	switch {
	case promptName && len(sf.Prompts) == 0:
		return usage("no prompts known yet: " + tab + " lists them, then offers names and arguments"), true
	case promptName:
		if p := listedPrompt(sf.Prompts, prefix); p != nil {
			return describePrompt(*p), true
		}
	case promptArgs && len(sf.Prompts) == 0 && !strings.Contains(prefix, "="):
		if name, ok := ctx.promptNamed(); ok && name != "" {
			// The line names its prompt: "no prompts known yet" read as
			// if none were, after Tab had just filled one's value.
			return usage(sanitize.Line(name) + ": " + tab + " lists the prompts, then offers its arguments"), true
		}
		return usage("no prompts known yet: " + tab + " lists them, then offers the arguments"), true
	case promptArgs:
		if p := ctx.namedPrompt(sf.Prompts); p != nil {
			h := promptArgHint(*p, prefix, ctx.givenKeys())
			if key, _, ok := strings.Cut(prefix, "="); ok && strings.HasPrefix(h, sanitize.Line(key)+": ") {
				// What Tab does first: the line is cut at the edge.
				h = ctx.valuesHint(key, keys, askedNothing) + " · " + strings.TrimPrefix(h, sanitize.Line(key)+": ")
			}
			return h, true
		}
		if key, _, ok := strings.Cut(prefix, "="); ok {
			// A prompt not listed (or not by this name) still has its
			// values asked of the server by Tab: the usage alone stood
			// here, after the server had offered none.
			return usage(ctx.valuesHint(key, keys, askedNothing)), true
		}
	case ctx.template() != "":
		t := ctx.template()
		vars := command.TemplateVars(t)
		if len(vars) == 0 {
			return "", false
		}
		if key, _, ok := strings.Cut(prefix, "="); ok {
			// What Tab does first: the line is cut at the edge.
			return ctx.valuesHint(key, keys, askedNothing) + " · fill " + sanitize.Line(t) +
				" with var=value words (a variable left out expands to nothing)", true
		}
		return "fill " + sanitize.Line(t) + " with var=value words: " + sanitize.Line(strings.Join(vars, "=  ")) +
			"= (a variable left out expands to nothing)", true
	case ctx.method == "resources/unsubscribe" && ctx.index == 1:
		return usage(subscribedHint(sf.Subscribed, sf.Unheard, prefix)), true
	case command.IsResourceTarget(ctx.method) && ctx.index == 1 && len(sf.Resources)+len(sf.Templates) == 0:
		return usage("no resources known yet: " + tab + " lists them and templates, then offers URIs"), true
	case ctx.method == "completion/complete" && ctx.index == 2 && ctx.words[1].Text == "resource" && len(sf.Templates) == 0:
		return usage("no templates known yet: " + tab + " lists them, then offers them"), true
	}
	return "", false
}

// valuesHint is what gives the values of key, a prompt's argument or a
// template's variable: Tab asks the server, or, once it answered none,
// the user types one ("(asked already)" on the status line said so while
// the hint still said Tab asks). On a completion/complete line the asking
// is the line itself, sent with Enter: Tab there offers nothing.
func (ctx lineContext) valuesHint(key string, keys *KeyMap, askedNothing bool) string {
	asks := keys.Complete.Help().Key
	switch {
	case ctx.method == "completion/complete":
		asks = keys.Submit.Help().Key
	case askedNothing:
		return sanitize.Line(key) + ": the server offered no values; type one"
	}
	return sanitize.Line(key) + ": " + asks + " asks the server for values"
}

// describePrompt is "name — description · arg* · arg" (* marks a required
// argument).
func describePrompt(p command.Prompt) string {
	parts := []string{sanitize.Line(p.Name)}
	if d := oneLine(p.Description); d != "" {
		parts[0] += described + d
	}
	if len(p.Arguments) == 0 {
		return parts[0] + " · takes no arguments"
	}
	for _, a := range p.Arguments {
		parts = append(parts, promptArgSummary(a))
	}
	return strings.Join(parts, " · ")
}

// promptArgHint describes the argument being typed, or the arguments still
// to give.
func promptArgHint(p command.Prompt, prefix string, given []string) string {
	key, _, typingValue := strings.Cut(prefix, "=")
	var left []string
	for _, a := range p.Arguments {
		if a.Name == key && (typingValue || prefix != "") {
			need := "optional"
			if a.Required {
				need = "required"
			}
			h := sanitize.Line(a.Name) + ": string, " + need
			if d := oneLine(a.Description); d != "" {
				h += described + d
			}
			return h
		}
		if strings.HasPrefix(a.Name, prefix) && !typingValue && !slices.Contains(given, a.Name) {
			left = append(left, promptArgSummary(a))
		}
	}
	switch {
	case len(p.Arguments) == 0:
		return describePrompt(p)
	case typingValue:
		return sanitize.Line(key) + " is not an argument of " + sanitize.Line(p.Name) + " (" + argNames(p) + "); it is sent anyway"
	case len(left) == 0 && prefix == "":
		return "every argument is given · " + describePrompt(p)
	case len(left) == 0:
		return sanitize.Line(prefix) + " is not an argument of " + sanitize.Line(p.Name) + " (" + argNames(p) + ")"
	}
	return strings.Join(left, " · ")
}

// promptArgSummary is "name*" for a required argument, "name" otherwise.
func promptArgSummary(a command.PromptArgument) string {
	if a.Required {
		return sanitize.Line(a.Name) + "*"
	}
	return sanitize.Line(a.Name)
}

func argNames(p command.Prompt) string {
	names := make([]string, len(p.Arguments))
	for i, a := range p.Arguments {
		names[i] = sanitize.Line(a.Name)
	}
	return strings.Join(names, ", ")
}

// subscribedHint names the URIs subscribed to that start with prefix, what
// unsubscribe's Tab offers, or says there are none; unheard says no listen
// stream carries them (--no-listen).
func subscribedHint(subscribed []string, unheard bool, prefix string) string {
	if len(subscribed) == 0 {
		return "nothing subscribed in this session"
	}
	var uris []string
	for _, u := range subscribed {
		if strings.HasPrefix(u, prefix) {
			uris = append(uris, sanitize.Line(u))
		}
	}
	if len(uris) == 0 {
		return "not subscribed to a URI starting " + sanitize.Line(prefix) + "; it is sent as typed"
	}
	if unheard {
		// Said first: an 80-column hint line cuts the list, not this.
		return "subscribed (--no-listen: no stream carries them): " + strings.Join(uris, "  ")
	}
	return "subscribed: " + strings.Join(uris, "  ")
}
