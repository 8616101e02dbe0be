package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// usageOr joins the forms of a method's usage on one hint row.
const usageOr = "  or  "

// usageLine is the method's usage text on one hint row, its forms joined
// by "or"; "" when it has none.
func usageLine(method string) string {
	return strings.ReplaceAll(command.Usage(method), "\n", usageOr)
}

// usage is usageLine of the line's method, of the forms the line has
// taken alone: once completion/complete's "resource" is typed, its
// prompt form, named first, left the resource form cut off 80 columns.
// It is fitted to the row (fitUsage).
func (ctx lineContext) usage() string { return ctx.usageAfter("") }

// usageAfter is usage fitted to the room left after before, which comes
// first on the row: fitted to the whole row, the usage after some 70
// cells of what to send first was cut at the row's end, not shortened.
func (ctx lineContext) usageAfter(before string) string {
	room := ctx.room // 0: no limit
	if room > 0 {
		room = max(room-ansi.StringWidth(before), 1)
	}
	forms := strings.Split(command.Usage(ctx.method), "\n")
	if forms[0] == "" {
		return ""
	}
	if ctx.index >= 2 && len(ctx.words) >= 2 {
		var kept []string
		for _, form := range forms {
			if w := strings.Fields(form); len(w) > 1 && w[1] == ctx.words[1].Text {
				kept = append(kept, form)
			}
		}
		if len(kept) > 0 {
			forms = kept
		}
	}
	return fitUsage(forms, room)
}

// fitUsage joins forms by "or" in room cells (0: no limit). Too wide, the
// forms lose first what they say twice (the method, named again in each
// later form), then their remarks in parentheses, then their optional
// [words], form by form, until they fit: at 80 columns completion/
// complete's resource form was cut off the row behind the prompt form's
// "(alias: complete)". What still does not fit is cut where the row ends.
func fitUsage(forms []string, room int) string {
	join := func() (string, bool) {
		s := strings.Join(forms, usageOr)
		return s, room <= 0 || ansi.StringWidth(s) <= room
	}
	if s, ok := join(); ok {
		return s
	}
	forms = append([]string(nil), forms...)
	method, _, _ := strings.Cut(forms[0], " ")
	for i := 1; i < len(forms); i++ {
		forms[i] = strings.TrimPrefix(forms[i], method+" ")
	}
	for _, drop := range []func(string) string{dropRemark, dropOptional} {
		if s, ok := join(); ok {
			return s
		}
		for i := range forms {
			forms[i] = drop(forms[i])
			if s, ok := join(); ok {
				return s
			}
		}
	}
	s, _ := join()
	return s
}

// dropRemark is a usage form without its closing remark in parentheses
// ("(alias: complete)").
func dropRemark(form string) string {
	if i := strings.LastIndex(form, " ("); i > 0 && strings.HasSuffix(form, ")") {
		return strings.TrimRight(form[:i], " ")
	}
	return form
}

// dropOptional is a usage form without its optional words in brackets
// ("[arg=value ...]").
func dropOptional(form string) string {
	for {
		i := strings.Index(form, " [")
		if i < 0 {
			return form
		}
		j := strings.IndexByte(form[i:], ']')
		if j < 0 {
			return form
		}
		form = form[:i] + form[i+j+1:]
	}
}
