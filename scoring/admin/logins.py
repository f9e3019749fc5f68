"""The admin of logins and groups: Django's own, with each permission named in the reader's
language. Django stores a permission's name in English when it creates it ("Can add player");
the lists of permissions show it from its codename and the model's translated name instead."""

from django.contrib import admin
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group, Permission, User
from django.utils.translation import gettext_lazy as _

ACTIONS = {
    "add": _("Can add %(thing)s"),
    "change": _("Can change %(thing)s"),
    "delete": _("Can delete %(thing)s"),
    "view": _("Can view %(thing)s"),
}


def permission_label(permission: Permission) -> str:
    """ "Axes | intento de acceso | Puede añadir intento de acceso": a default permission from its
    codename (add_, change_, delete_, view_), any other by its stored name."""
    action, _sep, model_name = permission.codename.partition("_")
    model = permission.content_type.model_class()
    name = permission.name
    if action in ACTIONS and model is not None and model._meta.model_name == model_name:
        name = ACTIONS[action] % {"thing": model._meta.verbose_name}
    return f"{permission.content_type} | {name}"


class TranslatedPermissions:
    def formfield_for_manytomany(self, db_field, request=None, **kwargs):
        field = super().formfield_for_manytomany(db_field, request, **kwargs)  # type: ignore[misc]
        if field is not None and db_field.related_model is Permission:
            field.label_from_instance = permission_label
        return field


admin.site.unregister(User)
admin.site.unregister(Group)


@admin.register(User)
class LoginAdmin(TranslatedPermissions, UserAdmin):
    pass


@admin.register(Group)
class GroupOfLoginsAdmin(TranslatedPermissions, GroupAdmin):
    pass
