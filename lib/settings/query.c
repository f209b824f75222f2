/* The public queries of the settings (ortho_settings.h): the registry's
 * entries, the current values, the checks. */
#include "settings/settings_private.h"

#include <string.h>

int ortho_setting_count(void)
{
    return ORTHO__SETTING_COUNT;
}

int ortho_setting_get_info(int index, ortho_setting_info *info)
{
    if (index < 0 || index >= ORTHO__SETTING_COUNT || info == NULL)
        return MPI_ERR_ARG;
    const struct ortho__setting_def *d = ortho__setting_def((enum ortho__setting)index);
    info->name = d->name;
    info->kind = d->kind;
    info->default_text = d->default_text;
    info->accepted = d->accepted;
    info->meaning = d->meaning;
    return MPI_SUCCESS;
}

int ortho_setting_find(const char *name)
{
    for (int i = 0; name != NULL && i < ORTHO__SETTING_COUNT; i++)
        if (strcmp(ortho__setting_def((enum ortho__setting)i)->name, name) == 0)
            return i;
    return -1;
}

const char *ortho_setting_value(int index)
{
    if (index < 0 || index >= ORTHO__SETTING_COUNT)
        return NULL;
    return ortho__setting_text((enum ortho__setting)index);
}

int ortho_setting_check(int index, const char *value, int *valid, char *why, int len)
{
    char text[256];
    if (index < 0 || index >= ORTHO__SETTING_COUNT || valid == NULL)
        return MPI_ERR_ARG;
    *valid = value == NULL || value[0] == '\0' ||
             ortho__setting_check((enum ortho__setting)index, value, text, sizeof text) == 0;
    if (why != NULL && len > 0) {
        size_t n = *valid ? 0 : strlen(text);
        if (n >= (size_t)len)
            n = (size_t)len - 1;
        memcpy(why, text, n);
        why[n] = '\0';
    }
    return MPI_SUCCESS;
}

int ortho_setting_parse_bool(const char *text, int *value)
{
    if (text == NULL || value == NULL)
        return MPI_ERR_ARG;
    return ortho__parse_bool(text, value) == 0 ? MPI_SUCCESS : MPI_ERR_ARG;
}
