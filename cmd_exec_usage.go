package main

import (
	"regexp"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/internal/wrap"
)

// usageError is a command line's error with the usage block it carries
// wrapped to the width of the terminal it is printed to: the block's rows
// ran to 140 columns, and a terminal broke them mid-word.
type usageError struct {
	text string
	err  error
}

func (e *usageError) Error() string { return e.text }
func (e *usageError) Unwrap() error { return e.err }

// usageRow is one row of the usage block: the command's forms, then what
// it is, in parentheses, in a column of its own.
var usageRow = regexp.MustCompile(`^  (\S.*?)\s+(\(.*\))$`)

// withUsageWrapped returns err with the usage block that follows its
// first line ("usage:" and the rows under it) wrapped to width, the
// description of each row kept in its column; err as it is when it carries
// no usage block or every row fits.
func withUsageWrapped(err error, width int) error {
	text := err.Error()
	at := strings.Index(text, "\nusage:\n")
	if at < 0 {
		return err
	}
	rows := strings.Split(text[at+len("\nusage:\n"):], "\n")
	fits := true
	for _, r := range rows {
		fits = fits && ansi.StringWidth(r) <= width
	}
	if fits {
		return err
	}
	// The description column is where the first row's description starts
	// (the rows are aligned on it); a terminal too narrow for it gets the
	// descriptions under their forms.
	col := 6
	if m := usageRow.FindStringSubmatchIndex(rows[0]); m != nil && width-m[4] >= 24 {
		col = m[4]
	}
	var out []string
	for _, r := range rows {
		if ansi.StringWidth(r) <= width {
			out = append(out, r)
			continue
		}
		form, what := strings.TrimSpace(r), ""
		if m := usageRow.FindStringSubmatch(r); m != nil {
			form, what = m[1], m[2]
		}
		forms := wrap.Words(form, width-4)
		for i, f := range forms {
			indent := "  "
			if i > 0 {
				indent = "    "
			}
			forms[i] = indent + f
		}
		descs := wrap.Words(what, width-col)
		last := forms[len(forms)-1]
		if what != "" && ansi.StringWidth(last) < col {
			// The description starts on the form's last row, in its column.
			forms[len(forms)-1] = last + strings.Repeat(" ", col-ansi.StringWidth(last)) + descs[0]
			descs = descs[1:]
		}
		out = append(out, forms...)
		for _, d := range descs {
			if d != "" {
				out = append(out, strings.Repeat(" ", col)+d)
			}
		}
	}
	return &usageError{text: text[:at] + "\nusage:\n" + strings.Join(out, "\n"), err: err}
}
