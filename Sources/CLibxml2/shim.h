/* libxml2's SAX2 push parser, for the uiautomator reader (Sources/AXSnapshot/Readers/UIAutomatorParser.swift).
   The same library FoundationXML links: one copy in the process. */
#include <libxml/xmlversion.h>
/* With ICU enabled, libxml/encoding.h includes ICU's headers, which clash with the copy
   Foundation carries (_FoundationICU). Only the layout of xmlCharEncodingHandler depends on
   it, and Swift never looks inside one. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
