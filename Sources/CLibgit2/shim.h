#include <git2.h>
