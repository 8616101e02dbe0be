package command

import (
	"encoding/json"
	"testing"
)

// A comma typed after a multi-select field's value (Tab left
// "instrument=Piano " and a list is written with commas elsewhere) was
// asked whether it meant another key's value ("did you mean firstLine=,?").
// It is told how a list is given: the key repeated.
func TestListCommaSaysRepeatTheKey(t *testing.T) {
	props := argTestProps(`"firstLine":{"type":"string"},"instrument":{"type":"array","items":{"type":"string","enum":["Piano","Drums","Guitar"]}}`)
	schema, err := ParseSchema(json.RawMessage(props))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ line, want string }{
		{`instrument=Piano ,`, `",": a list is given by repeating its key: instrument=Piano instrument=Drums`},
		{`instrument=Piano ,Guitar`, `",Guitar": a list is given by repeating its key: instrument=Piano instrument=Guitar`},
	} {
		words, _ := SplitWords(c.line)
		err := WordsRefusal(words, schema)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: refused with %v, want %s", c.line, err, c.want)
		}
	}
}
