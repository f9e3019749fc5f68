"""The page cache's version tokens as rows of the database, written by each write in its own
transaction (``scoring/caching/models.py``). Every key starts unbumped: the pages cached
under the tokens that lived in the cache are simply never asked for again."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0017_win_yaku'),
    ]

    operations = [
        migrations.CreateModel(
            name='PageVersion',
            fields=[
                ('key', models.CharField(max_length=100, primary_key=True, serialize=False, verbose_name='key')),
                ('token', models.CharField(max_length=16, verbose_name='token')),
            ],
            options={
                'verbose_name': 'page version',
                'verbose_name_plural': 'page versions',
            },
        ),
    ]
