<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name></name>
    <message>
        <source>lessons.equal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lessons.failure.{code}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lessons.outcome.{o}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rules.seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>net.window.{key}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>net.window.menu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table.bots.quoted</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BoardModel</name>
    <message>
        <source>Move %1</source>
        <translation>перемещение %1</translation>
    </message>
    <message>
        <source>Swap %1 and %2</source>
        <translation>обмен %1 и %2</translation>
    </message>
    <message>
        <source>Place an arrangement</source>
        <translation>Разложить карты</translation>
    </message>
    <message>
        <source>Return all cards to the hand</source>
        <translation>Вернуть все карты в руку</translation>
    </message>
</context>
<context>
    <name>Bots</name>
    <message>
        <source>(fouls %1%)</source>
        <translation>(фолит в %1% рук)</translation>
    </message>
    <message>
        <source>greedy</source>
        <translation>жадный</translation>
    </message>
    <message>
        <source>standard</source>
        <translation>стандартный</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>эксперт</translation>
    </message>
    <message>
        <source>scoop-chaser</source>
        <translation>охотник за скупом</translation>
    </message>
    <message>
        <source>pair-on-top</source>
        <translation>пара наверху</translation>
    </message>
    <message>
        <source>newcomer</source>
        <translation>новичок</translation>
    </message>
</context>
<context>
    <name>DealModel</name>
    <message>
        <source>The top row is full (3 cards).</source>
        <translation>Верхний ряд заполнен (3 карты).</translation>
    </message>
    <message>
        <source>Drag it to a row, double-click to put it in the first row with room, or press 1, 2 or 3.</source>
        <extracomment>Mime type of dragged cards: the cards&apos; ASCII names (&quot;As Td&quot;), UTF-8.</extracomment>
        <translation>Перетащите её в ряд, щёлкните дважды, чтобы положить в первый ряд со свободным местом, или нажмите 1, 2 или 3.</translation>
    </message>
    <message>
        <source>Drag it to another row (it takes a free place there; onto a card of a full row, or with Shift held, it swaps with that card); double-click or Backspace returns it to the hand.</source>
        <translation>Перетащите её в другой ряд (она займёт свободное место; на карту полного ряда или с нажатой Shift — поменяется с этой картой местами); двойной щелчок или Backspace возвращает её в руку.</translation>
    </message>
    <message>
        <source>The middle row is full (5 cards).</source>
        <translation>Средний ряд заполнен (5 карт).</translation>
    </message>
    <message>
        <source>The bottom row is full (5 cards).</source>
        <translation>Нижний ряд заполнен (5 карт).</translation>
    </message>
    <message>
        <source>The hand is full.</source>
        <translation>Рука заполнена.</translation>
    </message>
    <message>
        <source>Drop the card onto a card in that row to swap them.</source>
        <translation>Бросьте карту на карту в этом ряду, чтобы поменять их местами.</translation>
    </message>
</context>
<context>
    <name>DrillCharts</name>
    <message>
        <source>Drill</source>
        <translation>Упражнения</translation>
    </message>
    <message>
        <source>No drill hands yet: open Practice → Drill (Ctrl+D) and play a few.</source>
        <translation>Упражнений ещё не было: откройте «Тренировка → Упражнения» (Ctrl+D) и сыграйте несколько раздач.</translation>
    </message>
    <message>
        <source>Drill hands: %1</source>
        <translation>Раздач в упражнениях: %1</translation>
    </message>
    <message>
        <source>accuracy %1</source>
        <translation>точность %1</translation>
    </message>
    <message>
        <source>rating %1 ± %2</source>
        <translation>рейтинг %1 ± %2</translation>
    </message>
    <message>
        <source>you lose most on: %1</source>
        <translation>больше всего потерь на теме «%1»</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>точность</translation>
    </message>
    <message>
        <source>EV lost per hand</source>
        <translation>потеря EV за раздачу</translation>
    </message>
    <message>
        <source>Accuracy and EV lost per hand, by day</source>
        <translation>Точность и потеря EV за раздачу по дням</translation>
    </message>
    <message>
        <source>Rating ± deviation at the end of each day</source>
        <translation>Рейтинг ± отклонение на конец каждого дня</translation>
    </message>
    <message>
        <source>EV lost per hand (points)</source>
        <translation>Потеря EV за раздачу (очки)</translation>
    </message>
    <message>
        <source>EV lost per hand by theme (hands)</source>
        <translation>Потеря EV за раздачу по темам (раздач)</translation>
    </message>
</context>
<context>
    <name>DrillLauncher</name>
    <message>
        <source>&amp;Drill</source>
        <translation>&amp;Упражнения</translation>
    </message>
    <message>
        <source>Graded practice: set a hand, see the solver&apos;s grade and why.</source>
        <translation>Упражнения с оценкой: разложите карты и узнайте оценку солвера и её причину.</translation>
    </message>
</context>
<context>
    <name>DrillPage</name>
    <message>
        <source>Drill: set the hand, then see what the solver says</source>
        <translation>Упражнение: разложите карты и узнайте, что скажет солвер</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>Те&amp;ма:</translation>
    </message>
    <message>
        <source>All themes, with some random hands</source>
        <translation>Все темы и немного случайных раздач</translation>
    </message>
    <message>
        <source>Your arrangement</source>
        <translation>Ваша раскладка</translation>
    </message>
    <message>
        <source>Best arrangement</source>
        <translation>Лучшая раскладка</translation>
    </message>
    <message>
        <source>&amp;Middle</source>
        <translation>Сре&amp;дний ряд</translation>
    </message>
    <message>
        <source>&amp;Bottom</source>
        <translation>&amp;Нижний ряд</translation>
    </message>
    <message>
        <source>&amp;Set hand (Enter)</source>
        <translation>Пр&amp;оверить (Enter)</translation>
    </message>
    <message>
        <source>Grades by the EV lost to the best, in points per deal: Best — as good as the best within the solver&apos;s accuracy (two standard errors); Good — up to %1; Inaccuracy — up to %2; Mistake — up to %3; Blunder — more, or a foul.</source>
        <translation>Оценки по потере EV относительно лучшей раскладки, в очках за раздачу: Лучший ход — не хуже лучшего в пределах точности солвера (двух стандартных ошибок); Хороший ход — до %1; Неточность — до %2; Ошибка — до %3; Грубая ошибка — больше или фол.</translation>
    </message>
    <message>
        <source>Set your hand to see the solver&apos;s best arrangement here.</source>
        <translation>Расставьте карты, и здесь появится лучшая раскладка солвера.</translation>
    </message>
    <message>
        <source>T&amp;op</source>
        <translation>Верхни&amp;й ряд</translation>
    </message>
    <message>
        <source>Han&amp;d</source>
        <translation>Ваша р&amp;ука</translation>
    </message>
    <message>
        <source>Grade your arrangement against the solver.</source>
        <translation>Оценить вашу раскладку солвером.</translation>
    </message>
    <message>
        <source>&amp;Return all</source>
        <translation>Ве&amp;рнуть все</translation>
    </message>
    <message>
        <source>&amp;Next hand</source>
        <translation>Сл&amp;едующая раздача</translation>
    </message>
    <message>
        <source>Deal the next drill hand (Enter after a grade).</source>
        <translation>Сдать следующую раздачу (Enter после оценки).</translation>
    </message>
    <message>
        <source>The solver is grading…</source>
        <translation>Солвер оценивает…</translation>
    </message>
    <message>
        <source>Hands this session: %2 · Accuracy: %1/100 · Streak: %3 (best %4) · Rating: %5 ± %6 · Due for review today: %7</source>
        <translation>Раздач за сессию: %2 · Точность: %1 из 100 · Серия: %3 (лучшая %4) · Рейтинг: %5 ± %6 · На повторение сегодня: %7</translation>
    </message>
    <message>
        <source>You lose most on: %1 (%2 points per hand; hands: %3).</source>
        <translation>Больше всего вы теряете на теме «%1» (%2 очка за раздачу; раздач: %3).</translation>
    </message>
    <message>
        <source>EV lost: %1 ± %2 points per deal (yours %3, best %4; %5 samples)</source>
        <translation>Потеря EV: %1 ± %2 очка за раздачу (ваша %3, лучшая %4; выборок: %5)</translation>
    </message>
    <message>
        <source>Theme: %1 · Difficulty: %2</source>
        <translation>Тема: %1 · Сложность: %2</translation>
    </message>
    <message>
        <source>An instructive hand from the pool.</source>
        <translation>Поучительная раздача из набора.</translation>
    </message>
    <message>
        <source>A random hand.</source>
        <translation>Случайная раздача.</translation>
    </message>
    <message>
        <source>A hand you missed before, back for review.</source>
        <translation>Раздача, в которой вы ошиблись раньше, — на повторение.</translation>
    </message>
    <message>
        <source>Place all 13 cards first: 3 on top, 5 in the middle, 5 in the bottom.</source>
        <translation>Сначала разложите все 13 карт: 3 наверх, 5 в середину, 5 вниз.</translation>
    </message>
    <message>
        <source>The result could not be stored in the history: %1</source>
        <translation>Не удалось сохранить результат в истории: %1</translation>
    </message>
    <message>
        <source>The solver could not grade this hand: %1</source>
        <translation>Солвер не смог оценить эту раздачу: %1</translation>
    </message>
</context>
<context>
    <name>EvPanel</name>
    <message>
        <source>House way and the EV of every setting</source>
        <extracomment>a hand for the house way&apos;s first (slow) call, made when the page opens</extracomment>
        <translation>Правила казино и EV каждой расстановки</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>Малая</translation>
    </message>
    <message>
        <source>High</source>
        <translation>Большая</translation>
    </message>
    <message>
        <source>EV</source>
        <translation>EV</translation>
    </message>
    <message>
        <source>Vs house</source>
        <translation>Разница</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Примечание</translation>
    </message>
    <message>
        <source>Your low hand (2 cards) in this setting.</source>
        <translation>Ваша малая рука (2 карты) в этой расстановке.</translation>
    </message>
    <message>
        <source>Your high hand (5 cards) in this setting.</source>
        <translation>Ваша большая рука (5 карт) в этой расстановке.</translation>
    </message>
    <message>
        <source>EV per unit staked, ± its standard error.</source>
        <translation>EV на единицу ставки, ± стандартная ошибка.</translation>
    </message>
    <message>
        <source>EV compared with the house way&apos;s setting.</source>
        <translation>EV в сравнении с расстановкой по правилам казино.</translation>
    </message>
    <message>
        <source>The house way&apos;s setting, yours, or a foul.</source>
        <translation>Расстановка по правилам казино, ваша или фол.</translation>
    </message>
    <message>
        <source>All 21 ways to split your cards, best first: EV per unit staked and the difference to the house way&apos;s setting (hover a difference for its ± standard error).</source>
        <translation>Все 21 способ разделить ваши карты, лучшие сверху: EV на единицу ставки и разница с расстановкой по правилам казино (наведите на разницу, чтобы увидеть ± стандартную ошибку).</translation>
    </message>
    <message>
        <source>Stop the simulation; your cards are not affected.</source>
        <translation>Остановить моделирование; ваши карты не изменятся.</translation>
    </message>
    <message>
        <source>EV per unit staked against a dealer who plays the house way, from %1 random dealer hands (± standard error).</source>
        <translation>EV на единицу ставки против крупье, играющего по правилам казино, по %1 случайным рукам крупье (± стандартная ошибка).</translation>
    </message>
    <message>
        <source>Simulating %1 dealer hands…</source>
        <translation>Моделирование %1 рук крупье…</translation>
    </message>
    <message>
        <source>Simulation cancelled.</source>
        <translation>Моделирование отменено.</translation>
    </message>
    <message>
        <source>The simulation failed: %1</source>
        <translation>Моделирование не удалось: %1</translation>
    </message>
    <message>
        <source>The house way would set your cards so (%1).</source>
        <translation>По правилам казино ваши карты ставятся так (%1).</translation>
    </message>
    <message>
        <source>Press “House way &amp; EV” to see how the dealer would set your cards and what every setting is worth. After you set, it is always shown.</source>
        <translation>Нажмите «Правила казино и EV», чтобы увидеть, как крупье расставил бы ваши карты и сколько стоит каждая расстановка. После расстановки это показывается всегда.</translation>
    </message>
    <message>
        <source>Best: %1, EV %2 ± %3</source>
        <translation>Лучшая: %1, EV %2 ± %3</translation>
    </message>
    <message>
        <source>House way: %1, EV %2 ± %3</source>
        <translation>По правилам казино: %1, EV %2 ± %3</translation>
    </message>
    <message>
        <source>Here the house way is the best setting.</source>
        <translation>Здесь расстановка по правилам казино — лучшая.</translation>
    </message>
    <message>
        <source>The house way costs %1 ± %2 per hand against the best setting.</source>
        <translation>Расстановка по правилам казино уступает лучшей %1 ± %2 за раздачу.</translation>
    </message>
    <message>
        <source>Yours: %1, EV %2 ± %3 (this is the house way)</source>
        <translation>Ваша: %1, EV %2 ± %3 (это расстановка по правилам казино)</translation>
    </message>
    <message>
        <source>Yours: %1, EV %2 ± %3 (%4 ± %5 compared with the house way)</source>
        <translation>Ваша: %1, EV %2 ± %3 (%4 ± %5 по сравнению с правилами казино)</translation>
    </message>
    <message>
        <source>house way</source>
        <translation>правила казино</translation>
    </message>
    <message>
        <source>yours</source>
        <translation>ваша</translation>
    </message>
    <message>
        <source>foul</source>
        <translation>фол</translation>
    </message>
</context>
<context>
    <name>HandView</name>
    <message>
        <source>points</source>
        <translation>очки</translation>
    </message>
    <message>
        <source>high hand</source>
        <translation>большая рука</translation>
    </message>
    <message>
        <source>joker</source>
        <translation>джокер</translation>
    </message>
    <message>
        <source>low hand</source>
        <translation>малая рука</translation>
    </message>
    <message>
        <source>Row by row</source>
        <translation>По рядам</translation>
    </message>
    <message>
        <source>Hand by hand</source>
        <translation>По рукам</translation>
    </message>
    <message>
        <source>won</source>
        <translation>победа</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>поражение</translation>
    </message>
    <message>
        <source>tie</source>
        <translation>ничья</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Очки</translation>
    </message>
    <message>
        <source>Dealt</source>
        <translation>Сдано</translation>
    </message>
    <message>
        <source>Your arrangement</source>
        <translation>Ваша раскладка</translation>
    </message>
    <message>
        <source>Foul</source>
        <translation>Фол</translation>
    </message>
    <message>
        <source>Legal: no foul.</source>
        <translation>Правильно: фола нет.</translation>
    </message>
    <message>
        <source>Opponents</source>
        <translation>Соперники</translation>
    </message>
    <message>
        <source>bot %1</source>
        <translation>бот %1</translation>
    </message>
    <message>
        <source>you scored %1</source>
        <translation>ваш результат: %1</translation>
    </message>
    <message>
        <source>EV</source>
        <translation>EV</translation>
    </message>
    <message>
        <source>Solver’s arrangement</source>
        <translation>Раскладка солвера</translation>
    </message>
    <message>
        <source>Your arrangement’s EV: %1</source>
        <translation>EV вашей раскладки: %1</translation>
    </message>
    <message>
        <source>This choice cost %1 points per hand.</source>
        <translation>Этот выбор стоил %1 очка за раздачу.</translation>
    </message>
    <message>
        <source>This choice cost %1 ± %2 points per hand.</source>
        <translation>Этот выбор стоил вам %1 ± %2 очка за раздачу.</translation>
    </message>
    <message>
        <source>Your arrangement was as good as the best, within the solver&apos;s accuracy.</source>
        <translation>Ваша расстановка была не хуже лучшей в пределах точности солвера.</translation>
    </message>
    <message>
        <source>Your arrangement was the solver&apos;s best.</source>
        <translation>Ваша расстановка была лучшей по оценке солвера.</translation>
    </message>
    <message>
        <source>Yours scored %1 points per hand less than the best (the solver&apos;s accuracy was not stored with this hand).</source>
        <translation>Ваша приносила на %1 очка за раздачу меньше лучшей (точность солвера с этой раздачей не сохранена).</translation>
    </message>
    <message>
        <source>surrendered</source>
        <translation>отказ от руки</translation>
    </message>
    <message>
        <source>No solver figure for this hand.</source>
        <translation>Для этой руки нет оценки солвера.</translation>
    </message>
    <message>
        <source>Criss Cross: your hand %1 of 2; the opponents are the bot&apos;s two hands.</source>
        <translation>Крисс-Кросс: ваша рука %1 из 2; соперники — две руки бота.</translation>
    </message>
    <message>
        <source>You surrendered this hand.</source>
        <translation>В этой раздаче вы отказались от руки.</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>Крупье</translation>
    </message>
    <message>
        <source>Surrendering scored %1 points per hand.</source>
        <translation>Отказ от руки принёс %1 очка за раздачу.</translation>
    </message>
    <message>
        <source>Surrendering cost you %1 ± %2 points per hand: the best arrangement scores more.</source>
        <translation>Отказ от руки стоил вам %1 ± %2 очка за раздачу: лучшая раскладка приносит больше.</translation>
    </message>
    <message>
        <source>Surrendering was right: it saved %1 points per hand.</source>
        <translation>Отказ от руки был верным: он сберёг %1 очка за раздачу.</translation>
    </message>
    <message>
        <source>Surrendering was as good as playing the best arrangement, within the solver&apos;s accuracy.</source>
        <translation>Отказ от руки был не хуже игры лучшей раскладкой в пределах точности солвера.</translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <source>Hand rankings</source>
        <translation>Старшинство комбинаций</translation>
    </message>
    <message>
        <source>From strongest to weakest. Within a kind, the higher ranks win, then the kickers.</source>
        <translation>От сильнейшей к слабейшей. Внутри одной комбинации побеждают старшие карты, затем кикеры.</translation>
    </message>
    <message>
        <source>The top row has 3 cards: only three of a kind, a pair or high card count there; straights and flushes do not.</source>
        <translation>В верхнем ряду 3 карты: там считаются только тройка, пара или старшая карта; стриты и флеши не считаются.</translation>
    </message>
    <message>
        <source>A-2-3-4-5 is the lowest straight (unless the house rule says it ranks second).</source>
        <translation>A-2-3-4-5 — младший стрит (если правила стола не делают его вторым по старшинству).</translation>
    </message>
    <message>
        <source>Closed Chinese poker in brief</source>
        <translation>Закрытый китайский покер вкратце</translation>
    </message>
    <message>
        <source>You get 13 cards and set them into three rows: the top row (3 cards), the middle row (5) and the bottom row (5). Then everybody shows.</source>
        <translation>Вы получаете 13 карт и раскладываете их в три ряда: верхний ряд (3 карты), средний ряд (5) и нижний ряд (5). Затем все вскрываются.</translation>
    </message>
    <message>
        <source>The bottom row must be at least as strong as the middle row, and the middle at least as strong as the top.</source>
        <translation>Нижний ряд должен быть не слабее среднего, а средний — не слабее верхнего.</translation>
    </message>
    <message>
        <source>Otherwise the hand is a foul: it loses to every legal hand as if scooped.</source>
        <translation>Иначе рука — фол: она проигрывает каждой правильной руке, как при скупе.</translation>
    </message>
    <message>
        <source>You settle with each opponent separately, row against row: top against top, middle against middle, bottom against bottom.</source>
        <translation>Расчёт идёт с каждым соперником отдельно, ряд против ряда: верхний против верхнего, средний против среднего, нижний против нижнего.</translation>
    </message>
    <message>
        <source>2-4 system: +1 for each row won, −1 for each row lost, and +1 more to whoever wins at least two rows. Winning all three (a scoop) is worth 4.</source>
        <translation>Система 2-4: +1 за каждый выигранный ряд, −1 за каждый проигранный и ещё +1 тому, кто выиграл хотя бы два ряда. Победа во всех трёх рядах (скуп) стоит 4.</translation>
    </message>
    <message>
        <source>1-6 system: +1 for each row, and +3 more for winning all three (6).</source>
        <translation>Система 1-6: +1 за каждый ряд и ещё +3 за победу во всех трёх (6).</translation>
    </message>
    <message>
        <source>A tied row scores nothing (unless the house rule gives ties to the bank).</source>
        <translation>Ничейный ряд не приносит очков (если по правилам стола ничьи не достаются банку).</translation>
    </message>
    <message>
        <source>House rules (Game → Settings): surrender, royalties for strong rows, naturals (three straights, three flushes, six pairs, dragon), the point value, the wheel, the low middle variant and Criss Cross.</source>
        <translation>Правила стола (Игра → Настройки): отказ от руки, роялти за сильные ряды, натуральные комбинации (три стрита, три флеша, шесть пар, дракон), цена очка, колесо, вариант с низким средним рядом и Крисс-Кросс.</translation>
    </message>
    <message>
        <source>Settings → Save house rules… writes a table&apos;s rules to a file to share; Load house rules… plays by a club&apos;s file (on the command line: --rules FILE).</source>
        <translation>Настройки → «Сохранить правила стола…» записывает правила стола в файл, чтобы поделиться ими; «Загрузить правила стола…» включает правила клуба из файла (в командной строке: --rules ФАЙЛ).</translation>
    </message>
    <message>
        <source>With the current house rules a scoop is worth %1.</source>
        <translation>По текущим правилам стола скуп стоит %1.</translation>
    </message>
    <message>
        <source>How to play here</source>
        <translation>Как здесь играть</translation>
    </message>
    <message>
        <source>Drag cards from your hand into the rows (or double-click a card, or select it with the arrow keys and press 1, 2 or 3). A card dropped on a row takes a free place there; onto a card of a full row (or with Shift held) it swaps with that card. The banner under the rows says at once if the rows foul and why. Press Set hand when the rows hold 3, 5 and 5 cards.</source>
        <translation>Перетаскивайте карты из руки в ряды (или дважды щёлкните карту, или выберите её стрелками и нажмите 1, 2 или 3). Брошенная на ряд карта занимает свободное место; на карту полного ряда (или с нажатой Shift) она меняется с этой картой местами. Полоса под рядами сразу говорит, есть ли фол и почему. Нажмите «Вскрыть», когда в рядах будет 3, 5 и 5 карт.</translation>
    </message>
    <message>
        <source>Hint asks the solver for the best arrangement; after the showdown it also shows what your choice cost and, in hindsight, what would have scored most.</source>
        <translation>«Подсказка» спрашивает у солвера лучшую раскладку; после вскрытия он также показывает, чего стоил ваш выбор и что задним числом принесло бы больше всего.</translation>
    </message>
    <message>
        <source>New to the game? Practice → Lessons walks you through the rankings, fouls and scoring. Practice → History shows every hand you played and your mistakes; Practice → Table mode settles the hands of a real table. Game → Pai Gow Poker (Ctrl+2) shows the Pai Gow trainer in this window; Game → Chinese poker (Ctrl+1) brings the table back.</source>
        <translation>Впервые играете? Тренировка → Уроки по шагам объясняют старшинство комбинаций, фол и подсчёт очков. Тренировка → История показывает все сыгранные раздачи и ваши ошибки; Тренировка → Режим стола рассчитывает раздачи настоящего стола. Игра → Пай-гоу покер (Ctrl+2) показывает тренажёр Пай-гоу в этом окне; Игра → Китайский покер (Ctrl+1) возвращает стол.</translation>
    </message>
</context>
<context>
    <name>HistoryTableModel</name>
    <message>
        <source>house way, commission %1%</source>
        <translation>правила казино, комиссия %1%</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Дата</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Игра</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Очки</translation>
    </message>
    <message>
        <source>EV lost</source>
        <translation>Потеря EV</translation>
    </message>
    <message>
        <source>Fouls</source>
        <translation>Фолы</translation>
    </message>
    <message>
        <source>House rules</source>
        <translation>Правила стола</translation>
    </message>
    <message>
        <source>When the hand was played (local time)</source>
        <translation>Когда сыграна раздача (местное время)</translation>
    </message>
    <message>
        <source>Chinese poker or Pai Gow</source>
        <translation>Китайский покер или Пай-гоу</translation>
    </message>
    <message>
        <source>Your points against all opponents together</source>
        <translation>Ваши очки против всех соперников вместе</translation>
    </message>
    <message>
        <source>The solver&apos;s expected points minus your arrangement&apos;s (empty: no solver figure); the solver&apos;s figure has an error, so an arrangement within it lost 0.00</source>
        <translation>Ожидаемые очки солвера минус очки вашей раскладки (пусто — оценки солвера нет); у оценки солвера есть погрешность, и раскладка в её пределах теряет 0,00</translation>
    </message>
    <message>
        <source>The solver&apos;s figure is an estimate with an error: your arrangement scored %1 above it, within that noise, so it lost nothing.</source>
        <translation>Оценка солвера приблизительна: ваша раскладка набрала на %1 больше неё, в пределах погрешности, так что вы ничего не потеряли.</translation>
    </message>
    <message>
        <source>How many problems the rules core found in your arrangement</source>
        <translation>Сколько нарушений правил найдено в вашей раскладке</translation>
    </message>
    <message>
        <source>The house rules the hand was played under</source>
        <translation>Правила стола, по которым сыграна раздача</translation>
    </message>
    <message>
        <source>Chinese poker</source>
        <translation>Китайский покер</translation>
    </message>
    <message>
        <source>Pai Gow</source>
        <translation>Пай-гоу</translation>
    </message>
</context>
<context>
    <name>HistoryWindow</name>
    <message>
        <source>Practice history</source>
        <translation>История тренировок</translation>
    </message>
    <message>
        <source>Fouls only</source>
        <translation>Только фолы</translation>
    </message>
    <message>
        <source>Show only the hands you fouled.</source>
        <translation>Показывать только раздачи с фолом.</translation>
    </message>
    <message>
        <source>EV lost above</source>
        <translation>Потеря EV больше</translation>
    </message>
    <message>
        <source>Show only costly mistakes: hands whose arrangement lost more than this many points per hand against the solver&apos;s.</source>
        <translation>Показывать только дорогие ошибки: раздачи, где раскладка потеряла по сравнению с солвером больше стольких очков за раздачу.</translation>
    </message>
    <message>
        <source>Points per hand</source>
        <translation>Очки за раздачу</translation>
    </message>
    <message>
        <source>Show only the hands played under these house rules.</source>
        <translation>Показывать только раздачи, сыгранные по этим правилам стола.</translation>
    </message>
    <message>
        <source>Click a hand to see it, double-click to show it on the table; click a column title to sort.</source>
        <translation>Щёлкните по раздаче, чтобы увидеть её, двойной щелчок — показать её на столе; щелчок по заголовку столбца сортирует.</translation>
    </message>
    <message>
        <source>Show on the table</source>
        <translation>Показать на столе</translation>
    </message>
    <message>
        <source>Replay this hand on the main table: your rows, the fouls, the bots&apos; hands and the points (double-click a row does the same).</source>
        <translation>Показать эту раздачу на основном столе: ваши ряды, фолы, руки ботов и очки (то же делает двойной щелчок по строке).</translation>
    </message>
    <message>
        <source>Try again with these 13 cards</source>
        <translation>Сыграть заново с этими 13 картами</translation>
    </message>
    <message>
        <source>Deal the same 13 cards on the table so you can set them anew.</source>
        <translation>Раздать на стол те же 13 карт, чтобы разложить их заново.</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Экспорт…</translation>
    </message>
    <message>
        <source>Save the whole history as a JSON Lines file (one hand a line).</source>
        <translation>Сохранить всю историю в файл JSON Lines (одна раздача на строку).</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>Импорт…</translation>
    </message>
    <message>
        <source>Add the hands of a JSON Lines file; a damaged line is skipped and named, hands already here are not added twice.</source>
        <translation>Добавить раздачи из файла JSON Lines; повреждённая строка пропускается и называется, раздачи, которые уже есть в истории, второй раз не добавляются.</translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation>Сохранить как PNG…</translation>
    </message>
    <message>
        <source>Save the charts as a PNG image.</source>
        <translation>Сохранить графики как изображение PNG.</translation>
    </message>
    <message>
        <source>Hands</source>
        <translation>Раздачи</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Прогресс</translation>
    </message>
    <message>
        <source>Drill</source>
        <translation>Упражнения</translation>
    </message>
    <message>
        <source>Drawing the charts…</source>
        <translation>Рисуем графики…</translation>
    </message>
    <message>
        <source>Select a hand to see it here</source>
        <translation>Выберите раздачу, чтобы увидеть её здесь</translation>
    </message>
    <message>
        <source>Reading the history…</source>
        <translation>Читаем историю…</translation>
    </message>
    <message>
        <source>The history cannot be read: %1</source>
        <translation>Не удаётся прочитать историю: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n damaged hand(s) in the history are not shown.</source>
        <translation>
            <numerusform>%n повреждённая раздача в истории не показана.</numerusform>
            <numerusform>%n повреждённые раздачи в истории не показаны.</numerusform>
            <numerusform>%n повреждённых раздач в истории не показаны.</numerusform>
        </translation>
    </message>
    <message>
        <source>All house rules</source>
        <translation>Все правила стола</translation>
    </message>
    <message>
        <source>Replace the file?</source>
        <translation>Заменить файл?</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it with the exported history?</source>
        <translation>%1 уже существует. Заменить его экспортированной историей?</translation>
    </message>
    <message>
        <source>Not exported: %1 was kept as it is.</source>
        <translation>Экспорт не выполнен: файл %1 оставлен как был.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не удаётся записать %1: %2</translation>
    </message>
    <message>
        <source>Exported %1 hands to %2</source>
        <translation>Экспортировано раздач: %1, в файл %2</translation>
    </message>
    <message numerus="yes">
        <source>%n damaged hand(s) were left out.</source>
        <translation>
            <numerusform>%n повреждённая раздача не вошла в экспорт.</numerusform>
            <numerusform>%n повреждённые раздачи не вошли в экспорт.</numerusform>
            <numerusform>%n повреждённых раздач не вошли в экспорт.</numerusform>
        </translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>Импорт из %1…</translation>
    </message>
    <message>
        <source>Nothing was imported: %1</source>
        <translation>Ничего не импортировано: %1</translation>
    </message>
    <message>
        <source>Nothing was imported: the history is busy (another program is writing to it). Try again in a moment.</source>
        <translation>Ничего не импортировано: история занята (в неё пишет другая программа). Попробуйте ещё раз через минуту.</translation>
    </message>
    <message>
        <source>The charts cannot be shown: %1</source>
        <extracomment>Where Save as PNG last saved (the settings file&apos;s key): the next save opens there. The Progress tab&apos;s module: it imports matplotlib, seconds on a cold start.</extracomment>
        <translation>Графики не удаётся показать: %1</translation>
    </message>
    <message>
        <source>Imported %1 hands (%2 were already in the history).</source>
        <translation>Импортировано раздач: %1 (уже были в истории: %2).</translation>
    </message>
    <message numerus="yes">
        <source>%n damaged line(s) skipped, the first: %1</source>
        <translation>
            <numerusform>Пропущена %n повреждённая строка: %1</numerusform>
            <numerusform>Пропущено повреждённых строк: %n, первая: %1</numerusform>
            <numerusform>Пропущено повреждённых строк: %n, первая: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the history</source>
        <translation>Экспорт истории</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Import hands</source>
        <translation>Импорт раздач</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl);;All files (*)</source>
        <translation>JSON Lines (*.jsonl);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Save the charts</source>
        <translation>Сохранить графики</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Изображения PNG (*.png)</translation>
    </message>
</context>
<context>
    <name>LessonsWindow</name>
    <message>
        <source>Lessons</source>
        <translation>Уроки</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Проверить</translation>
    </message>
    <message>
        <source>Let the rules check your answer.</source>
        <translation>Проверить ваш ответ по правилам.</translation>
    </message>
    <message>
        <source>Go on to the next step.</source>
        <translation>Перейти к следующему шагу.</translation>
    </message>
    <message>
        <source>Choose a lesson.</source>
        <translation>Выберите урок.</translation>
    </message>
    <message>
        <source>You have finished every lesson. Well done!</source>
        <translation>Вы прошли все уроки. Отлично!</translation>
    </message>
    <message>
        <source>Your finished lessons could not be saved yet: the history database is busy (another program is writing to it). The trainer will try again in a few seconds.</source>
        <translation>Пройденные уроки пока не удалось сохранить: база истории занята (в неё пишет другая программа). Тренажёр попробует снова через несколько секунд.</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Шаг %1 из %2</translation>
    </message>
    <message>
        <source>Finish lesson</source>
        <translation>Завершить урок</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Далее</translation>
    </message>
    <message>
        <source>points, e.g. 2 or -4</source>
        <translation>очки, например 2 или -4</translation>
    </message>
    <message>
        <source>Type the points as a whole number (negative for a loss), then press Enter or Check.</source>
        <translation>Введите очки целым числом (проигрыш — со знаком минус), затем нажмите Enter или «Проверить».</translation>
    </message>
    <message>
        <source>Start over</source>
        <translation>Начать заново</translation>
    </message>
    <message>
        <source>Take every card back off the rows.</source>
        <translation>Снять все карты с рядов.</translation>
    </message>
    <message>
        <source>Choose this answer, then press Check.</source>
        <translation>Выберите этот ответ и нажмите «Проверить».</translation>
    </message>
    <message>
        <source>Choose an answer first.</source>
        <translation>Сначала выберите ответ.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>cp-trainer — closed Chinese poker</source>
        <translation>cp-trainer — закрытый китайский покер</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Игра</translation>
    </message>
    <message>
        <source>&amp;Chinese poker</source>
        <translation>&amp;Китайский покер</translation>
    </message>
    <message>
        <source>Closed Chinese poker against the bots.</source>
        <translation>Закрытый китайский покер против ботов.</translation>
    </message>
    <message>
        <source>&amp;Pai Gow Poker</source>
        <translation>&amp;Пай-гоу покер</translation>
    </message>
    <message>
        <source>Practise Pai Gow Poker against a house-way dealer.</source>
        <translation>Тренировка в Пай-гоу покере против крупье, играющего по правилам казино.</translation>
    </message>
    <message>
        <source>&amp;New deal</source>
        <translation>&amp;Новая раздача</translation>
    </message>
    <message>
        <source>Deal 13 new cards to you and to each bot.</source>
        <translation>Раздать по 13 новых карт вам и каждому боту.</translation>
    </message>
    <message>
        <source>&amp;Set hand</source>
        <translation>&amp;Вскрыть</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>&amp;Настройки…</translation>
    </message>
    <message>
        <source>House rules, opponents, bot, solver, cards and language.</source>
        <translation>Правила стола, соперники, бот, солвер, карты и язык.</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>В&amp;ыход</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Правка</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Four-colour deck</source>
        <translation>&amp;Четырёхцветная колода</translation>
    </message>
    <message>
        <source>Diamonds blue and clubs green, so that no two suits share a colour (Ctrl+4). Off: the classic red and black.</source>
        <translation>Бубны синие, трефы зелёные: у каждой масти свой цвет (Ctrl+4). Выключено: классические красный и чёрный.</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Язык</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>&amp;Rules summary</source>
        <translation>&amp;Кратко о правилах</translation>
    </message>
    <message>
        <source>Hand &amp;rankings</source>
        <translation>&amp;Старшинство комбинаций</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>&amp;Отменить: %1</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Отменить</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>&amp;Повторить: %1</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Повторить</translation>
    </message>
    <message>
        <source>cp-trainer — Pai Gow Poker</source>
        <extracomment>The smallest window: a 1024 x 700 screen less a window manager&apos;s title bar and borders. The first window&apos;s size where the screen has room for it (a smaller screen: all it has). The share of a large screen&apos;s free area the first window takes (the rest shows the desktop). Room for the window manager&apos;s frame before it is known (a title bar and thin borders); once the window is shown its real frame is measured (:meth:`MainWindow._keep_on_screen`). Qt platforms without a real screen (tests): the window keeps the size it is given. The solver panel&apos;s width in the smallest window; it grows with the window (``_fit_cards``). The bots&apos; cards are at least this high at every size: two lines of a hand&apos;s name beside them (&quot;full house, fours over threes&quot; in a seat of three bots; at 1018 x 645, the first window on a 1024 x 700 screen, 34 px held one line and cut it); a small table makes its seats compact. The table&apos;s cards grow with the room up to this height (the card art is 350 px high).</extracomment>
        <translation>cp-trainer — Пай-гоу покер</translation>
    </message>
    <message>
        <source>cp-trainer — Drill</source>
        <translation>cp-trainer — упражнения</translation>
    </message>
    <message>
        <source>The new settings (house rules, bots, opponents, Criss Cross) apply from the next deal; this deal is played to the end as it was dealt.</source>
        <translation>Новые настройки (правила стола, боты, соперники, Крисс-Кросс) действуют со следующей раздачи; эта раздача доигрывается так, как была сдана.</translation>
    </message>
    <message>
        <source>The new settings (house rules, bots, opponents, Criss Cross) apply from the next deal.</source>
        <translation>Новые настройки (правила, боты, соперники, Крисс-Кросс) действуют со следующей раздачи.</translation>
    </message>
    <message>
        <source>The last session ended unexpectedly</source>
        <translation>Прошлый сеанс завершился неожиданно</translation>
    </message>
    <message>
        <source>The trainer&apos;s last session ended unexpectedly (it crashed). What it was doing is in this report:
%1</source>
        <translation>Прошлый сеанс тренажёра завершился неожиданно (аварийно). Что он в это время делал, записано в отчёте:
%1</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Справка</translation>
    </message>
    <message>
        <source>The hand is already set; deal again to play on.</source>
        <translation>Рука уже раскрыта; чтобы играть дальше, раздайте заново.</translation>
    </message>
    <message>
        <source>That arrangement is for another hand.</source>
        <translation>Эта раскладка относится к другой руке.</translation>
    </message>
</context>
<context>
    <name>PaiGowDeal</name>
    <message>
        <source>Your cards are all in the hand already.</source>
        <translation>Все ваши карты уже в руке.</translation>
    </message>
    <message>
        <source>The high hand is full (5 cards). Drop the card onto a card there to swap them.</source>
        <translation>Большая рука заполнена (5 карт). Бросьте карту на карту в ней, чтобы поменять их местами.</translation>
    </message>
    <message>
        <source>The low hand is full (2 cards). Drop the card onto a card there to swap them.</source>
        <translation>Малая рука заполнена (2 карты). Бросьте карту на карту в ней, чтобы поменять их местами.</translation>
    </message>
    <message>
        <source>drag it to the high or low hand or onto a card to swap; double-click, or press 1 (low), 2 (high), Backspace (back to your cards)</source>
        <translation>перетащите в большую или малую руку либо на карту для обмена; двойной щелчок или клавиши 1 (малая), 2 (большая), Backspace (обратно к картам)</translation>
    </message>
</context>
<context>
    <name>PaiGowTab</name>
    <message>
        <source>Dealer</source>
        <translation>Крупье</translation>
    </message>
    <message>
        <source>Low hand (2)</source>
        <translation>Малая рука (2)</translation>
    </message>
    <message>
        <source>High hand (5)</source>
        <translation>Большая рука (5)</translation>
    </message>
    <message>
        <source>Your cards</source>
        <translation>Ваши карты</translation>
    </message>
    <message>
        <source>New deal</source>
        <translation>Новая раздача</translation>
    </message>
    <message>
        <source>Deal 7 new cards to you and 7 to the dealer.</source>
        <translation>Раздать 7 новых карт вам и 7 крупье.</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Отменить</translation>
    </message>
    <message>
        <source>Take back the last move (Ctrl+Z).</source>
        <translation>Отменить последний ход (Ctrl+Z).</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Повторить</translation>
    </message>
    <message>
        <source>Make the move you took back again (Ctrl+Y or Ctrl+Shift+Z).</source>
        <translation>Снова сделать отменённый ход (Ctrl+Y или Ctrl+Shift+Z).</translation>
    </message>
    <message>
        <source>House way &amp;&amp; EV</source>
        <translation>Правила казино и EV</translation>
    </message>
    <message>
        <source>How the dealer would set your cards, and what each of the 21 settings is worth against a house-way dealer.</source>
        <translation>Как крупье расставил бы ваши карты и сколько стоит каждая из 21 расстановки против крупье, играющего по правилам казино.</translation>
    </message>
    <message>
        <source>Play the house way</source>
        <translation>Расставить по правилам казино</translation>
    </message>
    <message>
        <source>Put your cards where the house way puts them (you can still move them).</source>
        <translation>Разложить карты так, как их расставляют по правилам казино (их ещё можно двигать).</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Готово</translation>
    </message>
    <message>
        <source>Lock in your high (5 cards) and low (2 cards) hands; the dealer sets by house way and you are paid.</source>
        <translation>Зафиксировать большую (5 карт) и малую (2 карты) руки; крупье расставит свои карты по правилам казино, и ставка будет рассчитана.</translation>
    </message>
    <message>
        <source>Your low hand: 2 cards. It must not beat your high hand. Drop cards here or press 1.</source>
        <translation>Ваша малая рука: 2 карты. Она не должна быть сильнее большой. Перетащите сюда карты или нажмите 1.</translation>
    </message>
    <message>
        <source>Your high hand: 5 cards, at least as strong as the low hand. Drop cards here or press 2.</source>
        <translation>Ваша большая рука: 5 карт, не слабее малой. Перетащите сюда карты или нажмите 2.</translation>
    </message>
    <message>
        <source>Your 7 cards. Drag them into the high and low hands, or double-click one.</source>
        <translation>Ваши 7 карт. Перетащите их в большую и малую руки или дважды щёлкните карту.</translation>
    </message>
    <message>
        <source>The dealer&apos;s 7 cards, set by house way once you set your hand.</source>
        <translation>7 карт крупье; он расставит их по правилам казино, когда вы расставите свою руку.</translation>
    </message>
    <message>
        <source>The dealer set the house way (%1).</source>
        <translation>Крупье расставил карты по правилам казино (%1).</translation>
    </message>
    <message>
        <source>High hand: %1</source>
        <translation>Большая рука: %1</translation>
    </message>
    <message>
        <source>Low hand: %1</source>
        <translation>Малая рука: %1</translation>
    </message>
    <message>
        <source>Put 5 cards in the high hand and 2 in the low hand, then press Set.</source>
        <translation>Положите 5 карт в большую руку и 2 в малую, затем нажмите «Готово».</translation>
    </message>
    <message>
        <source>The dealer&apos;s cards stay face down until you set your hand.</source>
        <translation>Карты крупье лежат рубашкой вверх, пока вы не расставите свою руку.</translation>
    </message>
    <message>
        <source>Session total: %1 · hands played: %2</source>
        <translation>Итог сессии: %1 · сыграно раздач: %2</translation>
    </message>
</context>
<context>
    <name>Practice</name>
    <message>
        <source>Opening the history…</source>
        <translation>Открывается история…</translation>
    </message>
    <message>
        <source>The history cannot be read: %1</source>
        <translation>Не удаётся прочитать историю: %1</translation>
    </message>
</context>
<context>
    <name>PracticeMenu</name>
    <message>
        <source>&amp;Practice</source>
        <translation>&amp;Тренировка</translation>
    </message>
    <message>
        <source>&amp;History and progress…</source>
        <translation>&amp;История и прогресс…</translation>
    </message>
    <message>
        <source>Every hand you played, your mistakes and your progress.</source>
        <translation>Все сыгранные раздачи, ваши ошибки и ваш прогресс.</translation>
    </message>
    <message>
        <source>&amp;Lessons…</source>
        <translation>&amp;Уроки…</translation>
    </message>
    <message>
        <source>Short lessons for newcomers, checked by the rules.</source>
        <translation>Короткие уроки для новичков с проверкой по правилам.</translation>
    </message>
    <message>
        <source>&amp;Table mode…</source>
        <translation>&amp;Режим стола…</translation>
    </message>
    <message>
        <source>Check and settle the hands of a real table.</source>
        <translation>Проверить раскладки и рассчитать игроков за настоящим столом.</translation>
    </message>
</context>
<context>
    <name>ProgressCancel</name>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
</context>
<context>
    <name>ProgressCharts</name>
    <message>
        <source>No hands in the history yet: play a few, then come back.</source>
        <translation>В истории пока нет раздач: сыграйте несколько и возвращайтесь.</translation>
    </message>
    <message>
        <source>%1 points per hand</source>
        <translation>%1 очка за раздачу</translation>
    </message>
    <message>
        <source>%1 fouls per 100 hands</source>
        <translation>фолов на 100 раздач: %1</translation>
    </message>
    <message>
        <source>EV lost %1 per hand</source>
        <translation>потеря EV %1 за раздачу</translation>
    </message>
    <message>
        <source>per hand</source>
        <translation>за раздачу</translation>
    </message>
    <message>
        <source>moving average (%1 hands)</source>
        <translation>скользящее среднее (раздач: %1)</translation>
    </message>
    <message>
        <source>EV lost</source>
        <translation>Потеря EV</translation>
    </message>
    <message>
        <source>EV lost per hand (points)</source>
        <translation>Потеря EV за раздачу (очки)</translation>
    </message>
    <message>
        <source>Hands: %1</source>
        <translation>Раздач: %1</translation>
    </message>
    <message>
        <source>per 100</source>
        <translation>на 100</translation>
    </message>
    <message>
        <source>Fouls per 100 hands (last 100)</source>
        <translation>Фолов на 100 раздач (последние 100)</translation>
    </message>
    <message>
        <source>running average</source>
        <translation>нарастающее среднее</translation>
    </message>
    <message>
        <source>points</source>
        <translation>очки</translation>
    </message>
    <message>
        <source>Points per hand</source>
        <translation>Очки за раздачу</translation>
    </message>
    <message>
        <source>hand</source>
        <translation>раздача</translation>
    </message>
</context>
<context>
    <name>Replay</name>
    <message>
        <source>This hand cannot be shown on the table: %1</source>
        <translation>Эту раздачу нельзя показать на столе: %1</translation>
    </message>
    <message>
        <source>A past hand: the solver&apos;s verdict as stored with it.</source>
        <translation>Прошлая раздача: оценка солвера, сохранённая вместе с ней.</translation>
    </message>
    <message>
        <source>The solver&apos;s verdict was not stored with this hand.</source>
        <translation>Оценка солвера для этой раздачи не сохранена.</translation>
    </message>
    <message>
        <source>The solver&apos;s arrangement then:</source>
        <translation>Расстановка солвера тогда:</translation>
    </message>
    <message>
        <source>Best: %1 points per hand</source>
        <translation>Лучшая: %1 очка за раздачу</translation>
    </message>
    <message>
        <source>Yours: %1 points per hand</source>
        <translation>Ваша: %1 очка за раздачу</translation>
    </message>
    <message>
        <source>Your arrangement was the solver&apos;s best.</source>
        <translation>Ваша расстановка была лучшей по оценке солвера.</translation>
    </message>
    <message>
        <source>Yours was as good as the best, within the solver&apos;s accuracy.</source>
        <translation>Ваша была не хуже лучшей в пределах точности солвера.</translation>
    </message>
    <message>
        <source>This choice cost you %1 points per hand.</source>
        <translation>Этот выбор стоил вам %1 очка за раздачу.</translation>
    </message>
    <message>
        <source>This choice cost you %1 ± %2 points per hand.</source>
        <translation>Этот выбор стоил вам %1 ± %2 очка за раздачу.</translation>
    </message>
    <message>
        <source>Yours scored %1 points per hand less than the best; the solver&apos;s accuracy was not stored with this hand, so that may be within it.</source>
        <translation>Ваша приносила на %1 очка за раздачу меньше лучшей; точность солвера с этой раздачей не сохранена, так что разница может быть в её пределах.</translation>
    </message>
</context>
<context>
    <name>ReplayBar</name>
    <message>
        <source>Try again</source>
        <translation>Сыграть заново</translation>
    </message>
    <message>
        <source>Deal the same 13 cards against the same bot hands, under the same house rules, and set them anew.</source>
        <translation>Раздать те же 13 карт против тех же рук ботов, по тем же домашним правилам, и расставить их заново.</translation>
    </message>
    <message>
        <source>Back to the game</source>
        <translation>Вернуться к игре</translation>
    </message>
    <message>
        <source>Leave the past hand and deal a new one under your settings.</source>
        <translation>Оставить прошлую раздачу и сдать новую по вашим настройкам.</translation>
    </message>
    <message>
        <source>Past hand of %1 — shown as it was played (read-only).</source>
        <translation>Прошлая раздача от %1 — показана так, как была сыграна (только просмотр).</translation>
    </message>
    <message>
        <source>Your rows, the bots&apos; hands and the points, settled again by the rules under the house rules of that hand. Press Try again to set these 13 cards anew.</source>
        <translation>Ваши ряды, руки ботов и очки заново подсчитаны по правилам — по домашним правилам той раздачи. Нажмите «Сыграть заново», чтобы расставить эти 13 карт снова.</translation>
    </message>
    <message>
        <source>Criss Cross: your hand %1 of 2; the two bot seats are the bot&apos;s two hands.</source>
        <translation>Крисс-Кросс: ваша рука %1 из 2; два места ботов — это две руки одного бота.</translation>
    </message>
    <message>
        <source>You surrendered this hand.</source>
        <translation>В этой раздаче вы отказались от руки.</translation>
    </message>
    <message>
        <source>points against bot %1</source>
        <translation>очки против бота %1</translation>
    </message>
    <message>
        <source>total</source>
        <translation>итог</translation>
    </message>
    <message>
        <source>fouls</source>
        <translation>фолы</translation>
    </message>
    <message>
        <source>%1: stored %2, settled now %3</source>
        <translation>%1: сохранено %2, подсчитано сейчас %3</translation>
    </message>
    <message>
        <source>The stored record differs from the rules&apos; settlement now (shown on the table): %1.</source>
        <translation>Сохранённая запись расходится с подсчётом по правилам сейчас (на столе показан подсчёт): %1.</translation>
    </message>
    <message>
        <source>Trying again: the hand of %1.</source>
        <translation>Новая попытка: раздача от %1.</translation>
    </message>
    <message>
        <source>The same 13 cards against the same bot hands, under the same house rules. Last time: %1.</source>
        <translation>Те же 13 карт против тех же рук ботов, по тем же домашним правилам. Итог в прошлый раз: %1.</translation>
    </message>
    <message>
        <source>%1 better</source>
        <translation>лучше на %1</translation>
    </message>
    <message>
        <source>%1 worse</source>
        <translation>хуже на %1</translation>
    </message>
    <message>
        <source>the same result</source>
        <translation>тот же результат</translation>
    </message>
    <message>
        <source>Last time: %1, now: %2 (%3).</source>
        <translation>В прошлый раз: %1, теперь: %2 (%3).</translation>
    </message>
</context>
<context>
    <name>RowsEditor</name>
    <message>
        <source>Top (3)</source>
        <translation>Верхний (3)</translation>
    </message>
    <message>
        <source>Middle (5)</source>
        <translation>Средний (5)</translation>
    </message>
    <message>
        <source>Bottom (5)</source>
        <translation>Нижний (5)</translation>
    </message>
    <message>
        <source>The top row: 3 cards. Click cards in the deck, or type them (As Kd 10h).</source>
        <translation>Верхний ряд: 3 карты. Щёлкайте карты в колоде ниже или введите их (As Kd 10h).</translation>
    </message>
    <message>
        <source>The middle row: 5 cards. Click cards in the deck, or type them (As Kd 10h).</source>
        <translation>Средний ряд: 5 карт. Щёлкайте карты в колоде ниже или введите их (As Kd 10h).</translation>
    </message>
    <message>
        <source>The bottom row: 5 cards. Click cards in the deck, or type them (As Kd 10h).</source>
        <translation>Нижний ряд: 5 карт. Щёлкайте карты в колоде ниже или введите их (As Kd 10h).</translation>
    </message>
    <message>
        <source>e.g. As Kd 10h</source>
        <translation>например: As Kd 10h</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <source>The settings file {path} cannot be read; the default settings are used.</source>
        <translation>Файл настроек {path} не удаётся прочитать; используются настройки по умолчанию.</translation>
    </message>
    <message>
        <source>The settings file {path} is damaged: it is kept as {kept}, the settings that could be read are used and the others take their defaults.</source>
        <translation>Файл настроек {path} повреждён: он сохранён как {kept}; прочитанные настройки используются, остальные получают значения по умолчанию.</translation>
    </message>
    <message>
        <source>The settings file {path} is damaged; the settings that could be read are used and the others take their defaults.</source>
        <translation>Файл настроек {path} повреждён; прочитанные настройки используются, остальные получают значения по умолчанию.</translation>
    </message>
    <message>
        <source>The settings file as it was is kept as {kept}; the repaired settings are saved.</source>
        <translation>Прежний файл настроек сохранён как {kept}; исправленные настройки записаны.</translation>
    </message>
    <message>
        <source>The settings file {path} is not a regular file (a FIFO, a device or a folder); it was left untouched, the default settings are used and changes are kept only until the trainer is closed.</source>
        <translation>Файл настроек {path} — не обычный файл (FIFO, устройство или папка); он оставлен как есть, действуют настройки по умолчанию, а изменения сохранятся только до закрытия тренажёра.</translation>
    </message>
    <message>
        <source>The settings file {path} is larger than {size} KiB, far more than settings take; it was left untouched, the default settings are used and changes are kept only until the trainer is closed.</source>
        <translation>Файл настроек {path} больше {size} КиБ — намного больше, чем занимают настройки; он оставлен как есть, действуют настройки по умолчанию, а изменения сохранятся только до закрытия тренажёра.</translation>
    </message>
    <message>
        <source>Setting {key} = “{value}” is not valid ({reason}); its default is used.</source>
        <translation>Значение настройки {key} = «{value}» недопустимо ({reason}); используется значение по умолчанию.</translation>
    </message>
    <message>
        <source>The settings do not fit together ({reason}); the default settings are used.</source>
        <translation>Настройки не согласуются друг с другом ({reason}); используются настройки по умолчанию.</translation>
    </message>
    <message>
        <source>The settings cannot be saved to {path}.</source>
        <translation>Не удаётся сохранить настройки в {path}.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>House rules</source>
        <translation>Правила стола</translation>
    </message>
    <message>
        <source>Table and display</source>
        <translation>Стол и вид</translation>
    </message>
    <message>
        <source>How hands are scored: the house rules of the table</source>
        <translation>Как считаются очки: правила, принятые за столом</translation>
    </message>
    <message>
        <source>Opponents, the bot, the solver, card style and language</source>
        <translation>Соперники, бот, солвер, вид карт и язык</translation>
    </message>
    <message>
        <source>Scoring</source>
        <translation>Подсчёт очков</translation>
    </message>
    <message>
        <source>Surrender, royalties, naturals</source>
        <translation>Отказ от руки, роялти, натуральные комбинации</translation>
    </message>
    <message>
        <source>Variants</source>
        <translation>Варианты</translation>
    </message>
    <message>
        <source>Table and solver</source>
        <translation>Стол и солвер</translation>
    </message>
    <message>
        <source>Display</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Scoring system:</source>
        <translation>Система счёта:</translation>
    </message>
    <message>
        <source>Tied rows:</source>
        <translation>Ничьи в рядах:</translation>
    </message>
    <message>
        <source>Bank:</source>
        <translation>Банк:</translation>
    </message>
    <message>
        <source>Point value:</source>
        <translation>Цена очка:</translation>
    </message>
    <message>
        <source>Surrender cost:</source>
        <translation>Плата за отказ от руки:</translation>
    </message>
    <message>
        <source>Natural pays:</source>
        <translation>Натуральная комбинация приносит:</translation>
    </message>
    <message>
        <source>Opponents:</source>
        <translation>Соперники:</translation>
    </message>
    <message>
        <source>Bot, seat 1:</source>
        <translation>Бот, место 1:</translation>
    </message>
    <message>
        <source>Bot, seat 2:</source>
        <translation>Бот, место 2:</translation>
    </message>
    <message>
        <source>Bot, seat 3:</source>
        <translation>Бот, место 3:</translation>
    </message>
    <message>
        <source>Newcomer fouls:</source>
        <translation>Новичок фолит:</translation>
    </message>
    <message>
        <source>Scoop bonus:</source>
        <translation>Бонус за скуп:</translation>
    </message>
    <message>
        <source>Solver samples:</source>
        <translation>Выборка солвера:</translation>
    </message>
    <message>
        <source>Solver time budget:</source>
        <translation>Время солвера:</translation>
    </message>
    <message>
        <source>Card style:</source>
        <translation>Вид карт:</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Язык:</translation>
    </message>
    <message>
        <source>2-4 (1 per row, +1 for two rows or more)</source>
        <translation>2-4 (1 за ряд, +1 за два ряда и больше)</translation>
    </message>
    <message>
        <source>2-4, scoop only (+1 only for all three rows)</source>
        <translation>2-4, только скуп (+1 только за все три ряда)</translation>
    </message>
    <message>
        <source>1-6 (1 per row, +3 for a scoop)</source>
        <translation>1-6 (1 за ряд, +3 за скуп)</translation>
    </message>
    <message>
        <source>Push (a tied row scores nothing)</source>
        <translation>Ничья: ряд без очков (пуш)</translation>
    </message>
    <message>
        <source>The bank wins tied rows</source>
        <translation>Ничейный ряд достаётся банку</translation>
    </message>
    <message>
        <source>Greedy (strongest bottom first)</source>
        <translation>Жадный (сначала самый сильный нижний ряд)</translation>
    </message>
    <message>
        <source>Standard (maximises expected points)</source>
        <translation>Стандартный (максимум ожидаемых очков)</translation>
    </message>
    <message>
        <source>Expert (Monte-Carlo solver; slow)</source>
        <translation>Эксперт (солвер Монте-Карло; медленно)</translation>
    </message>
    <message>
        <source>Scoop-chaser (plays for winning all three rows)</source>
        <translation>Охотник за скупом (играет на выигрыш всех трёх рядов)</translation>
    </message>
    <message>
        <source>Pair-on-top (the best pair that fits goes on top)</source>
        <translation>Пара наверху (лучшая пара, какая помещается, идёт в верхний ряд)</translation>
    </message>
    <message>
        <source>Newcomer (standard, but fouls now and then)</source>
        <translation>Новичок (как «стандартный», но иногда фолит)</translation>
    </message>
    <message>
        <source>The same as seat 1</source>
        <translation>Как на месте 1</translation>
    </message>
    <message>
        <source>Two colours (red and black)</source>
        <translation>Два цвета (красные и чёрные)</translation>
    </message>
    <message>
        <source>Four colours (♠ black, ♥ red, ♦ blue, ♣ green)</source>
        <translation>Четыре цвета (♠ чёрные, ♥ красные, ♦ синие, ♣ зелёные)</translation>
    </message>
    <message>
        <source>You</source>
        <translation>вы</translation>
    </message>
    <message>
        <source>Opponent {n}</source>
        <translation>Соперник {n}</translation>
    </message>
    <message>
        <source>Ignore fouls (score fouled hands as they lie)</source>
        <translation>Не учитывать фол (руки с фолом считаются как есть)</translation>
    </message>
    <message>
        <source>Surrender allowed</source>
        <translation>Можно отказаться от руки</translation>
    </message>
    <message>
        <source>Royalties</source>
        <translation>Роялти</translation>
    </message>
    <message>
        <source>Royalties to the better hand only</source>
        <translation>Роялти только выигравшему ряду</translation>
    </message>
    <message>
        <source>Naturals</source>
        <translation>Натуральные комбинации</translation>
    </message>
    <message>
        <source>Wheel (A-2-3-4-5) is the second-highest straight</source>
        <translation>Колесо (A-2-3-4-5) — второй по старшинству стрит</translation>
    </message>
    <message>
        <source>Low middle (the middle row plays 2-7 lowball)</source>
        <translation>Низкий средний ряд (средний ряд играет лоубол 2-7)</translation>
    </message>
    <message>
        <source>Criss Cross (two players, two hands each)</source>
        <translation>Крисс-Кросс (два игрока, по две руки)</translation>
    </message>
    <message>
        <source>Animate the cards (deal, moves, reveal)</source>
        <translation>Анимация карт (раздача, ходы, вскрытие)</translation>
    </message>
    <message>
        <source> deals</source>
        <translation> раздач</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>% of hands</source>
        <translation>% рук</translation>
    </message>
    <message>
        <source>How rows turn into points between each pair of players</source>
        <translation>Как результаты рядов превращаются в очки для каждой пары игроков</translation>
    </message>
    <message>
        <source>What happens when two rows are exactly equal</source>
        <translation>Что происходит, когда два ряда в точности равны</translation>
    </message>
    <message>
        <source>The player who wins tied rows when the bank takes ties</source>
        <translation>Игрок, которому достаются ничейные ряды, когда ничьи идут банку</translation>
    </message>
    <message>
        <source>Off: a fouled hand loses to every legal hand as if scooped. On: fouled hands are scored row by row as they lie</source>
        <translation>Выключено: рука с фолом проигрывает каждой правильной руке, как при скупе. Включено: руки с фолом считаются по рядам как есть</translation>
    </message>
    <message>
        <source>What one point is worth in money</source>
        <translation>Сколько стоит одно очко в деньгах</translation>
    </message>
    <message>
        <source>A player may give up a hand after setting it, for a fixed cost paid to each player still in</source>
        <translation>Игрок может отказаться от руки после раскладки, заплатив фиксированную сумму каждому оставшемуся игроку</translation>
    </message>
    <message>
        <source>What surrendering costs per opponent; auto = 3 in 2-4, 4 in 1-6</source>
        <translation>Плата за отказ от руки каждому сопернику; авто = 3 очка в 2-4, 4 очка в 1-6</translation>
    </message>
    <message>
        <source>Bonus points for strong rows (top trips, middle full house, four of a kind, straight flush...)</source>
        <translation>Бонусные очки за сильные ряды (тройка в верхнем ряду, фулл-хаус в среднем, каре, стрит-флеш…)</translation>
    </message>
    <message>
        <source>A royalty is paid only when its row also wins</source>
        <translation>Роялти платится, только если его ряд тоже выигрывает</translation>
    </message>
    <message>
        <source>Three straights, three flushes, six pairs or a dragon win at once, before showdown</source>
        <translation>Три стрита, три флеша, шесть пар или дракон выигрывают сразу, до вскрытия</translation>
    </message>
    <message>
        <source>What a natural wins from each opponent; auto = the scoop amount</source>
        <translation>Сколько натуральная комбинация выигрывает у каждого соперника; авто = столько же, сколько скуп</translation>
    </message>
    <message>
        <source>Off: A-2-3-4-5 is the lowest straight. On: it ranks just below T-J-Q-K-A</source>
        <translation>Выключено: A-2-3-4-5 — младший стрит. Включено: он сразу после T-J-Q-K-A</translation>
    </message>
    <message>
        <source>The middle row plays 2-7 lowball (7-5-4-3-2 best); only bottom ≥ top is required</source>
        <translation>Средний ряд играет лоубол 2-7 (лучшая рука 7-5-4-3-2); требуется только нижний ≥ верхнего</translation>
    </message>
    <message>
        <source>Two players each set two 13-card hands; each hand settles against both of the opponent&apos;s. Needs exactly one opponent</source>
        <translation>Два игрока раскладывают по две руки из 13 карт; каждая рука сравнивается с обеими руками соперника. Нужен ровно один соперник</translation>
    </message>
    <message>
        <source>How many bots sit at the table (1 to 3)</source>
        <translation>Сколько ботов за столом (от 1 до 3)</translation>
    </message>
    <message>
        <source>How the bot in seat 1 sets its hands; the solver plays against the bots seated</source>
        <translation>Как бот на месте 1 расставляет карты; солвер играет против ботов, сидящих за столом</translation>
    </message>
    <message>
        <source>How the bot in seat 2 sets its hands (with 2 opponents or more)</source>
        <translation>Как бот на месте 2 расставляет карты (при двух соперниках и больше)</translation>
    </message>
    <message>
        <source>How the bot in seat 3 sets its hands (with 3 opponents)</source>
        <translation>Как бот на месте 3 расставляет карты (при трёх соперниках)</translation>
    </message>
    <message>
        <source>How often a newcomer fouls: the same hand at the same seat always fouls or never does</source>
        <translation>Как часто новичок фолит: одна и та же рука на том же месте фолит всегда или никогда</translation>
    </message>
    <message>
        <source>The extra for winning all three rows, 0 to 10; auto = the system&apos;s own (0 in 2-4, 1 in 2-4 scoop only, 3 in 1-6). A foul costs it too</source>
        <translation>Сколько ещё даёт выигрыш всех трёх рядов, от 0 до 10; авто — как в системе (0 в 2-4, 1 в 2-4 только за скуп, 3 в 1-6). Фол стоит и этого бонуса</translation>
    </message>
    <message>
        <source>How many random deals the solver tries at least: more is more accurate and slower</source>
        <translation>Сколько случайных раздач солвер пробует как минимум: больше — точнее, но медленнее</translation>
    </message>
    <message>
        <source>How long the solver may go on with more deals until the best arrangement stands out from the others (or they are equally good); 0: only the deals above</source>
        <translation>Сколько времени солвер может добавлять раздачи, пока лучшая раскладка не выделится среди остальных (или пока они не окажутся равноценными); 0 — только раздачи, указанные выше</translation>
    </message>
    <message>
        <source>Four colours tell suits apart by colour as well as by shape</source>
        <translation>С четырьмя цветами масти различаются и по цвету, и по форме</translation>
    </message>
    <message>
        <source>The language of the trainer</source>
        <translation>Язык тренажёра</translation>
    </message>
    <message>
        <source>On: the cards are dealt one by one, glide to their slot and the bots&apos; rows turn over. Off: every change shows at once</source>
        <translation>Вкл.: карты раздаются по одной, плавно встают на место, а ряды ботов переворачиваются. Выкл.: все изменения видны сразу</translation>
    </message>
    <message>
        <source>How the cards look in the chosen style</source>
        <translation>Как выглядят карты в выбранном стиле</translation>
    </message>
    <message>
        <source>OK keeps the changes, Cancel drops them, Restore Defaults resets every setting</source>
        <translation>«ОК» сохраняет изменения, «Отмена» отбрасывает их, «По умолчанию» сбрасывает все настройки</translation>
    </message>
    <message>
        <source>Save house rules…</source>
        <translation>Сохранить правила стола…</translation>
    </message>
    <message>
        <source>Write the house rules shown here to a file, to share the table&apos;s rules</source>
        <translation>Записать показанные здесь правила стола в файл, чтобы поделиться ими</translation>
    </message>
    <message>
        <source>Load house rules…</source>
        <translation>Загрузить правила стола…</translation>
    </message>
    <message>
        <source>Show the house rules of a file here (kept only if you then press OK)</source>
        <translation>Показать здесь правила стола из файла (сохранятся, только если вы затем нажмёте OK)</translation>
    </message>
    <message>
        <source>Keep the changes and play by them.</source>
        <translation>Сохранить изменения и играть по ним.</translation>
    </message>
    <message>
        <source>Close without changing anything.</source>
        <translation>Закрыть, ничего не меняя.</translation>
    </message>
    <message>
        <source>Put every setting back to its default (kept only if you then press OK).</source>
        <translation>Вернуть все настройки к значениям по умолчанию (сохранятся, только если затем нажать OK).</translation>
    </message>
    <message numerus="yes">
        <source>auto (%n point(s))</source>
        <translation>
            <numerusform>авто (%n очко)</numerusform>
            <numerusform>авто (%n очка)</numerusform>
            <numerusform>авто (%n очков)</numerusform>
        </translation>
    </message>
    <message>
        <source>{bank} does not sit at this table ({players} players): choose a bank among the players, or more opponents.</source>
        <translation>{bank} не сидит за этим столом (игроков: {players}): выберите банк среди игроков или добавьте соперников.</translation>
    </message>
    <message>
        <source>House rules (*.toml);;All files (*)</source>
        <translation>Правила стола (*.toml);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Save house rules</source>
        <translation>Сохранить правила стола</translation>
    </message>
    <message>
        <source>Load house rules</source>
        <translation>Загрузить правила стола</translation>
    </message>
</context>
<context>
    <name>SolverPanel</name>
    <message>
        <source>Yours:</source>
        <translation>Ваша:</translation>
    </message>
    <message>
        <source>Why?</source>
        <translation>Почему?</translation>
    </message>
    <message>
        <source>The verdict in words: the deals the solver played, the arrangements as good as the best, the row that differs most.</source>
        <translation>Вердикт словами: сколько раздач сыграл солвер, какие раскладки не хуже лучшей, какой ряд различается больше всего.</translation>
    </message>
    <message>
        <source>points</source>
        <translation>очки</translation>
    </message>
    <message>
        <source>Points per hand on average, best and yours.</source>
        <translation>Очков за раздачу в среднем: у лучшей и у вашей.</translation>
    </message>
    <message>
        <source>Solver</source>
        <extracomment>The solver&apos;s small cards: big enough to read the rank at a glance, five fit the panel&apos;s width. the least height the panel shrinks its cards to when its content is taller than the window</extracomment>
        <translation>Солвер</translation>
    </message>
    <message>
        <source>Hand %1</source>
        <translation>Рука %1</translation>
    </message>
    <message>
        <source>The solver&apos;s verdict on your hand %1 of Criss Cross.</source>
        <translation>Оценка солвера для вашей руки %1 в Крисс-Кроссе.</translation>
    </message>
    <message>
        <source>Stop the solver; the table is not affected.</source>
        <translation>Остановить солвер; на стол это не влияет.</translation>
    </message>
    <message>
        <source>How many random opponent hands the solver has played out.</source>
        <translation>Сколько случайных рук соперников солвер уже разыграл.</translation>
    </message>
    <message>
        <source>Play the solver&apos;s arrangement</source>
        <translation>Разложить как солвер</translation>
    </message>
    <message>
        <source>Put your cards into the rows the solver recommends (you can undo it).</source>
        <translation>Разложить ваши карты по рядам так, как советует солвер (это можно отменить).</translation>
    </message>
    <message>
        <source>The solver deals many random hands to the bots and scores every sensible arrangement of your cards against them.</source>
        <translation>Солвер раздаёт ботам много случайных рук и оценивает против них каждую разумную раскладку ваших карт.</translation>
    </message>
    <message>
        <source>Hand %1: </source>
        <translation>Рука %1: </translation>
    </message>
    <message>
        <source>the %1 bot&apos;s two hands</source>
        <translation>двух рук бота «%1»</translation>
    </message>
    <message>
        <source> (each hand played out by the %1 bot)</source>
        <translation> (каждую руку солвер разыгрывает за бота «%1»)</translation>
    </message>
    <message>
        <source>For the hand %1 — %2 random deals against %3.</source>
        <translation>Для руки %1 — %2 случайных раздач против %3.</translation>
    </message>
    <message>
        <source>Criss Cross, your hand %1 of 2.</source>
        <translation>Крисс-Кросс, ваша рука %1 из 2.</translation>
    </message>
    <message>
        <source>Yours is a foul: %1 points per hand, the same in every deal.</source>
        <translation>Ваша раскладка — фол: %1 очка за раздачу, в каждой раздаче одинаково.</translation>
    </message>
    <message>
        <source>Yours is as good as the best, within the solver&apos;s accuracy.</source>
        <translation>Ваша не хуже лучшей в пределах точности солвера.</translation>
    </message>
    <message>
        <source>Hindsight for your hand %1 against both of the bot&apos;s hands (not advice): the best arrangement would have scored %2</source>
        <translation>Задним числом для вашей руки %1 против обеих рук бота (это не совет): лучшая раскладка принесла бы %2</translation>
    </message>
    <message>
        <source>Solver cancelled.</source>
        <translation>Солвер остановлен.</translation>
    </message>
    <message>
        <source>The solver shows the best arrangement of your cards, the points it expects per hand, what your own arrangement costs and each row&apos;s chance to win; after the showdown, also the best in hindsight.</source>
        <translation>Солвер покажет лучшую раскладку ваших карт, сколько очков она приносит в среднем за раздачу, во что обходится ваша раскладка и шанс каждого ряда на выигрыш; после вскрытия — ещё и лучшую раскладку задним числом.</translation>
    </message>
    <message>
        <source>Press Hint to see the best arrangement of your cards. After the showdown it is always shown.</source>
        <translation>Нажмите «Подсказка», чтобы увидеть лучшую раскладку ваших карт. После вскрытия она показывается всегда.</translation>
    </message>
    <message>
        <source>Solving: %1 random deals or more against %2…</source>
        <translation>Расчёт: не меньше %1 случайных раздач против %2…</translation>
    </message>
    <message>
        <source>Telling the best arrangements apart: %1 random deals so far…</source>
        <translation>Уточняем, какая раскладка лучше: пока %1 случайных раздач…</translation>
    </message>
    <message>
        <source>The solver failed: %1</source>
        <translation>Ошибка солвера: %1</translation>
    </message>
    <message>
        <source>Best arrangement:</source>
        <translation>Лучшая раскладка:</translation>
    </message>
    <message>
        <source>Best: %1 ± %2 points per hand</source>
        <translation>Лучшая: %1 ± %2 очка за раздачу</translation>
    </message>
    <message>
        <source>Yours is a foul: %1 ± %2 points per hand on average; what it loses differs from deal to deal.</source>
        <translation>Ваша раскладка — фол: в среднем %1 ± %2 очка за раздачу; сколько она проигрывает, зависит от раздачи.</translation>
    </message>
    <message>
        <source>Yours: %1 ± %2 points per hand</source>
        <translation>Ваша: %1 ± %2 очка за раздачу</translation>
    </message>
    <message>
        <source>This choice costs you %1 ± %2 points per hand.</source>
        <translation>Этот выбор стоит вам %1 ± %2 очка за раздачу.</translation>
    </message>
    <message>
        <source>Your arrangement is the solver&apos;s best.</source>
        <translation>Ваша раскладка совпадает с лучшей раскладкой солвера.</translation>
    </message>
    <message>
        <source>What your arrangement costs: empty is the solver&apos;s best, full is 2 points per hand or more.</source>
        <translation>Во что обходится ваша раскладка: пустая шкала — лучшая раскладка солвера, полная — 2 очка за руку или больше.</translation>
    </message>
    <message>
        <source>Hindsight (knowing the bots&apos; actual hands — not advice): the best arrangement would have scored %1</source>
        <translation>Задним числом (зная настоящие руки ботов — это не совет): лучшая раскладка принесла бы %1</translation>
    </message>
    <message>
        <source>; yours scored %1</source>
        <translation>; ваша принесла %1</translation>
    </message>
    <message>
        <source>Best in hindsight:</source>
        <translation>Лучшая задним числом:</translation>
    </message>
    <message>
        <source>You surrendered: %1 points per hand.</source>
        <translation>Вы отказались от руки: %1 очка за раздачу.</translation>
    </message>
    <message>
        <source>Surrendering cost you %1 points per hand: the best arrangement scores more.</source>
        <translation>Отказ от руки стоил вам %1 очка за раздачу: лучшая раскладка приносит больше.</translation>
    </message>
    <message>
        <source>Surrendering was right: it saved %1 points per hand.</source>
        <translation>Отказ от руки был верным: он сберёг %1 очка за раздачу.</translation>
    </message>
    <message>
        <source>Surrendering was as good as playing the best arrangement, within the solver&apos;s accuracy.</source>
        <translation>Отказ от руки был не хуже игры лучшей раскладкой в пределах точности солвера.</translation>
    </message>
    <message>
        <source>Surrendering scores %1 points per hand: play the best arrangement (%2 more).</source>
        <translation>Отказ от руки приносит %1 очка за раздачу: играйте лучшей раскладкой (на %2 больше).</translation>
    </message>
    <message>
        <source>Surrendering scores %1 points per hand: surrender, it saves %2.</source>
        <translation>Отказ от руки приносит %1 очка за раздачу: откажитесь от руки, это сберегает %2.</translation>
    </message>
    <message>
        <source>Surrendering scores %1 points per hand: as good as the best arrangement, within the solver&apos;s accuracy.</source>
        <translation>Отказ от руки приносит %1 очка за раздачу: не хуже лучшей раскладки в пределах точности солвера.</translation>
    </message>
    <message>
        <source>Chance to win</source>
        <translation>Шансы</translation>
    </message>
    <message>
        <source>best</source>
        <translation>лучшая</translation>
    </message>
    <message>
        <source>yours</source>
        <translation>ваша</translation>
    </message>
    <message>
        <source>top</source>
        <translation>верхний</translation>
    </message>
    <message>
        <source>middle</source>
        <translation>средний</translation>
    </message>
    <message>
        <source>bottom</source>
        <translation>нижний</translation>
    </message>
    <message>
        <source>The biggest difference: the solver&apos;s %1 row wins %2 of the time, yours %3.</source>
        <translation>Главное различие: %1 ряд солвера выигрывает в %2 случаев, ваш — в %3.</translation>
    </message>
    <message>
        <source>scoop</source>
        <translation>скуп</translation>
    </message>
</context>
<context>
    <name>TableModeDialog</name>
    <message>
        <source>Rows</source>
        <translation>Ряды</translation>
    </message>
    <message>
        <source>Pair</source>
        <translation>Пара</translation>
    </message>
    <message>
        <source>Table mode: settle a real table</source>
        <translation>Режим стола: расчёт настоящей игры</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Игроки</translation>
    </message>
    <message>
        <source>How many players sat at the table (2 to 4).</source>
        <translation>Сколько игроков сидело за столом (от 2 до 4).</translation>
    </message>
    <message>
        <source>Point value</source>
        <translation>Цена очка</translation>
    </message>
    <message>
        <source>What one point is worth in money at this table.</source>
        <translation>Сколько стоит одно очко в деньгах за этим столом.</translation>
    </message>
    <message>
        <source>House rules: %1 (change them in Settings).</source>
        <translation>Правила стола: %1 (их можно изменить в настройках).</translation>
    </message>
    <message>
        <source>Check and settle</source>
        <translation>Проверить и рассчитать</translation>
    </message>
    <message>
        <source>Check every hand for fouls and settle everyone.</source>
        <translation>Проверить каждую руку на фол и рассчитать всех.</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Очистить</translation>
    </message>
    <message>
        <source>Empty every player&apos;s rows.</source>
        <translation>Очистить ряды всех игроков.</translation>
    </message>
    <message>
        <source>Enter each player&apos;s rows: click the cards above (they go to the player marked “Receives the cards”) or type them. Then press Check and settle: fouls are explained and everyone&apos;s points and money appear here.</source>
        <translation>Заполните ряды каждого игрока: щёлкайте карты выше (они попадают игроку, у которого отмечено «Получает карты») или введите их. Затем нажмите «Проверить и рассчитать»: здесь появятся объяснения фолов, очки и суммы каждого.</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>The check of every hand and the settlement of the table.</source>
        <translation>Проверка каждой руки и расчёт стола.</translation>
    </message>
    <message>
        <source>ABCD</source>
        <comment>the seats&apos; letters, one per seat</comment>
        <translation>АБВГ</translation>
    </message>
    <message>
        <source>That player&apos;s rows are full.</source>
        <translation>Ряды этого игрока заполнены.</translation>
    </message>
    <message>
        <source>Cannot settle yet:</source>
        <translation>Рассчитать пока нельзя:</translation>
    </message>
    <message>
        <source>FOUL</source>
        <translation>ФОЛ</translation>
    </message>
    <message>
        <source>surrendered</source>
        <translation>отказ от руки</translation>
    </message>
    <message>
        <source>legal</source>
        <translation>без фола</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Очки</translation>
    </message>
</context>
<context>
    <name>TableRules</name>
    <message>
        <source>2-4, scoop only</source>
        <translation>2-4, только за скуп</translation>
    </message>
    <message>
        <source>1-6</source>
        <translation>1-6</translation>
    </message>
    <message>
        <source>2-4</source>
        <translation>2-4</translation>
    </message>
    <message>
        <source>%1, scoop bonus %2</source>
        <translation>%1, бонус за скуп %2</translation>
    </message>
    <message>
        <source>ties push</source>
        <translation>ничья без очков</translation>
    </message>
    <message>
        <source>ties to you (the bank)</source>
        <translation>ничьи ваши (вы банк)</translation>
    </message>
    <message>
        <source>ties to bot %1 (the bank)</source>
        <translation>ничьи бота %1 (он банк)</translation>
    </message>
    <message>
        <source>1 %1 bot, two hands each</source>
        <translation>1 бот «%1», по две руки</translation>
    </message>
    <message>
        <source>no royalties</source>
        <translation>без роялти</translation>
    </message>
    <message>
        <source>royalties (to the better hand)</source>
        <translation>роялти (только лучшей руке)</translation>
    </message>
    <message>
        <source>royalties</source>
        <translation>роялти</translation>
    </message>
    <message>
        <source>surrender for %1</source>
        <translation>отказ от руки за %1</translation>
    </message>
    <message>
        <source>no surrender</source>
        <translation>без отказа от руки</translation>
    </message>
    <message>
        <source>naturals</source>
        <translation>натуральные комбинации</translation>
    </message>
    <message>
        <source>no naturals</source>
        <translation>без натуральных</translation>
    </message>
    <message>
        <source>Criss Cross</source>
        <translation>Крисс-Кросс</translation>
    </message>
    <message>
        <source>low middle</source>
        <translation>низкий средний ряд</translation>
    </message>
    <message>
        <source>wheel second</source>
        <translation>колесо — второй стрит</translation>
    </message>
    <message>
        <source>fouls not scored</source>
        <translation>фолы не считаются</translation>
    </message>
    <message>
        <source>stakes per seat</source>
        <translation>ставки по местам</translation>
    </message>
    <message>
        <source>1 point = %1</source>
        <translation>1 очко = %1</translation>
    </message>
    <message>
        <source>not %1</source>
        <translation>не %1</translation>
    </message>
    <message>
        <source>other house rules</source>
        <translation>другие правила</translation>
    </message>
</context>
<context>
    <name>TableWidget</name>
    <message>
        <source>Your top row: 3 cards, the weakest hand (only pairs and three of a kind count here). Drop cards here or press 1.</source>
        <translation>Ваш верхний ряд: 3 карты, самая слабая рука (здесь считаются только пары и тройки). Бросайте карты сюда или нажмите 1.</translation>
    </message>
    <message>
        <source>Your middle row: 5 cards, no stronger than the bottom row. Drop cards here or press 2.</source>
        <translation>Ваш средний ряд: 5 карт, не сильнее нижнего ряда. Бросайте карты сюда или нажмите 2.</translation>
    </message>
    <message>
        <source>Your bottom row: 5 cards, your strongest hand. Drop cards here or press 3.</source>
        <translation>Ваш нижний ряд: 5 карт, ваша самая сильная рука. Бросайте карты сюда или нажмите 3.</translation>
    </message>
    <message>
        <source>Your 13 cards. Drag them into the rows, double-click one, or pick with the arrow keys and press 1, 2 or 3. Backspace returns a card from a row.</source>
        <translation>Ваши 13 карт. Перетаскивайте их в ряды, щёлкайте дважды или выбирайте стрелками и нажимайте 1, 2 или 3. Backspace возвращает карту из ряда.</translation>
    </message>
    <message>
        <source>Sort by rank</source>
        <translation>По старшинству</translation>
    </message>
    <message>
        <source>Order the cards in your hand from ace down to two.</source>
        <translation>Упорядочить карты в руке от туза до двойки.</translation>
    </message>
    <message>
        <source>Sort by suit</source>
        <translation>По мастям</translation>
    </message>
    <message>
        <source>Group the cards in your hand by suit.</source>
        <translation>Сгруппировать карты в руке по мастям.</translation>
    </message>
    <message>
        <source>Clear rows</source>
        <translation>Очистить ряды</translation>
    </message>
    <message>
        <source>Return every card from the rows to your hand.</source>
        <translation>Вернуть все карты из рядов в руку.</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Отменить</translation>
    </message>
    <message>
        <source>Take back the last move (Ctrl+Z).</source>
        <translation>Отменить последний ход (Ctrl+Z).</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Повторить</translation>
    </message>
    <message>
        <source>Make the move you took back again (Ctrl+Y or Ctrl+Shift+Z).</source>
        <translation>Снова сделать отменённый ход (Ctrl+Y или Ctrl+Shift+Z).</translation>
    </message>
    <message>
        <source>Hint</source>
        <translation>Подсказка</translation>
    </message>
    <message>
        <source>Ask the solver for the best arrangement of these cards (shown beside the table).</source>
        <translation>Спросить у солвера лучшую раскладку этих карт (показывается рядом со столом).</translation>
    </message>
    <message>
        <source>Surrender</source>
        <translation>Отказаться</translation>
    </message>
    <message>
        <source>Give up this hand for a fixed payment instead of showing it (house rule). Available once your rows hold 3, 5 and 5 cards.</source>
        <translation>Отказаться от этой руки за фиксированную плату вместо вскрытия (правило стола). Доступно, когда в рядах 3, 5 и 5 карт.</translation>
    </message>
    <message>
        <source>Set hand 1 of 2</source>
        <translation>Вскрыть руку 1 из 2</translation>
    </message>
    <message>
        <source>Set hand 2 of 2</source>
        <translation>Вскрыть руку 2 из 2</translation>
    </message>
    <message>
        <source>Set hand</source>
        <translation>Вскрыть</translation>
    </message>
    <message>
        <source>Lock in your rows (3 / 5 / 5 cards) and show down against the bots.</source>
        <translation>Зафиксировать ряды (3 / 5 / 5 карт) и вскрыться против ботов.</translation>
    </message>
    <message>
        <source>Your points over this session, under the current house rules.</source>
        <translation>Ваши очки за эту сессию по текущим правилам стола.</translation>
    </message>
    <message>
        <source>The rules check of your rows, updated on every move: bottom ≥ middle ≥ top is required.</source>
        <translation>Проверка ваших рядов по правилам, после каждого хода: требуется нижний ≥ средний ≥ верхний.</translation>
    </message>
    <message>
        <source>Table: %1</source>
        <translation>Стол: %1</translation>
    </message>
    <message>
        <source>The house rules, variants and bots this deal is played under (Settings changes them from the next deal).</source>
        <translation>Правила, варианты и боты этой раздачи (Настройки меняют их со следующей раздачи).</translation>
    </message>
    <message>
        <source>● From the next deal: %1</source>
        <translation>● Со следующей раздачи: %1</translation>
    </message>
    <message>
        <source>The next deal is played under: %1</source>
        <translation>Следующая раздача играется так: %1</translation>
    </message>
    <message>
        <source>Your hand 1 (set)</source>
        <translation>Ваша рука 1 (разложена)</translation>
    </message>
    <message>
        <source>Your first hand, set; now set the second one below.</source>
        <translation>Ваша первая рука разложена; теперь разложите вторую ниже.</translation>
    </message>
    <message>
        <source>Bot (%1), hand %2</source>
        <translation>Бот (%1), рука %2</translation>
    </message>
    <message>
        <source>Bot %1 (%2)</source>
        <translation>Бот %1 (%2)</translation>
    </message>
    <message>
        <source>An opponent played by the %1 bot; its cards stay face down until the showdown.</source>
        <translation>Соперник, за которого играет бот «%1»; его карты лежат рубашкой вверх до вскрытия.</translation>
    </message>
    <message>
        <source>money: %1</source>
        <translation>деньги: %1</translation>
    </message>
    <message>
        <source>%1 of %2 cards</source>
        <translation>карт: %1 из %2</translation>
    </message>
    <message>
        <source>empty: drop 3 cards here</source>
        <translation>пусто: положите сюда 3 карты</translation>
    </message>
    <message>
        <source>empty: drop 5 cards here</source>
        <translation>пусто: положите сюда 5 карт</translation>
    </message>
    <message>
        <source>%1 so far (%2)</source>
        <translation>пока %1 (%2)</translation>
    </message>
    <message>
        <source>Legal: the rows are in order (%1). Press Set hand when ready.</source>
        <translation>Без фола: ряды в порядке (%1). Когда будете готовы, нажмите «Вскрыть».</translation>
    </message>
    <message>
        <source>Legal: the rows are in order (%1).</source>
        <translation>Без фола: ряды в порядке (%1).</translation>
    </message>
    <message>
        <source>Drag your cards from the hand below into the three rows (or double-click a card). The rows must go %1.</source>
        <translation>Перетащите карты из руки (внизу) в три ряда или дважды щёлкните карту. Ряды должны идти так: %1.</translation>
    </message>
    <message>
        <source>New deal</source>
        <translation>Новая раздача</translation>
    </message>
    <message>
        <source>Top row</source>
        <extracomment>The smallest cards the table shrinks to for room (still readable: rank and suit in the corner). A table at least this wide has the tools in a column beside the rows (else in a row under the hand). A hand half set that fouls twice (top, middle, bottom, still in hand): the banner&apos;s longest text. A whole hand that breaks both halves of the order (the seed&apos;s Example 1 set as a foul): its two sentences and the rule are at least as long as the half-set one&apos;s. ``1``/``2``/``3`` put the current card in the top/middle/bottom row, Backspace (or ``0``) returns it to the hand. the column&apos;s least height when the cards were last fitted (see :meth:`event`)</extracomment>
        <translation>Верхний ряд</translation>
    </message>
    <message>
        <source>Middle row</source>
        <translation>Средний ряд</translation>
    </message>
    <message>
        <source>Bottom row</source>
        <translation>Нижний ряд</translation>
    </message>
    <message>
        <source>Hand %1 of 2</source>
        <translation>Рука %1 из 2</translation>
    </message>
    <message>
        <source>Your hand</source>
        <translation>Ваша рука</translation>
    </message>
    <message>
        <source>Criss Cross: the bot&apos;s hand %1; each of your two hands plays against both of its hands. At the showdown each row says how your hand 1 and your hand 2 did against it: ✓ won, ✗ lost, = tied.</source>
        <translation>Крисс-Кросс: рука бота %1; каждая из двух ваших рук играет против обеих его рук. При вскрытии у каждого ряда видно, как против него сыграли ваша рука 1 и ваша рука 2: ✓ выигрыш, ✗ проигрыш, = ничья.</translation>
    </message>
    <message>
        <source>Session total: %1 · hands played: %2</source>
        <translation>Итог сессии: %1 · сыграно раздач: %2</translation>
    </message>
    <message>
        <source>You surrendered: your rows are not compared and not scored.</source>
        <translation>Вы отказались от руки: ваши ряды не сравниваются и не считаются.</translation>
    </message>
    <message>
        <source>Beside the bot&apos;s rows, &quot;1 ✓ · 2 ✗&quot; means your hand 1 won that row and your hand 2 lost it (= a tie).</source>
        <translation>У рядов бота «1 ✓ · 2 ✗» значит: ваша рука 1 выиграла этот ряд, а рука 2 проиграла (= ничья).</translation>
    </message>
    <message>
        <source>Beside the bots&apos; rows: ✓ you won that row, ✗ you lost it, = a tie.</source>
        <translation>У рядов ботов: ✓ вы выиграли этот ряд, ✗ проиграли, = ничья.</translation>
    </message>
    <message>
        <source>Deal 13 new cards to you and to each bot.</source>
        <translation>Раздать по 13 новых карт вам и каждому боту.</translation>
    </message>
    <message>
        <source>This hand fouls</source>
        <translation>В этой руке фол</translation>
    </message>
    <message>
        <source>The bots are setting their hands…</source>
        <translation>Боты раскладывают свои руки…</translation>
    </message>
    <message>
        <source>Surrender this hand?</source>
        <translation>Отказаться от этой руки?</translation>
    </message>
    <message>
        <source>The bots could not set their hands: %1</source>
        <translation>Боты не смогли разложить свои руки: %1</translation>
    </message>
    <message>
        <source>Surrender this hand and pay %1 to each opponent?</source>
        <translation>Отказаться от этой руки и заплатить %1 каждому сопернику?</translation>
    </message>
    <message>
        <source>hand %1 %2</source>
        <translation>рука %1 %2</translation>
    </message>
    <message>
        <source>not compared</source>
        <translation>не сравнивается</translation>
    </message>
    <message>
        <source>✓ you win</source>
        <translation>✓ вы выиграли</translation>
    </message>
    <message>
        <source>✗ you lose</source>
        <translation>✗ вы проиграли</translation>
    </message>
    <message>
        <source>= tie</source>
        <translation>= ничья</translation>
    </message>
    <message>
        <source>surrendered</source>
        <translation>отказ от руки</translation>
    </message>
    <message>
        <source>it surrendered</source>
        <translation>бот отказался от руки</translation>
    </message>
    <message>
        <source>your natural: %1</source>
        <translation>у вас натуральная комбинация: %1</translation>
    </message>
    <message>
        <source>its natural: %1</source>
        <translation>у бота натуральная комбинация: %1</translation>
    </message>
    <message>
        <source>its hand fouled</source>
        <translation>у бота фол</translation>
    </message>
    <message>
        <source>royalties: you %1, it %2</source>
        <translation>роялти: вам %1, боту %2</translation>
    </message>
    <message>
        <source>bot %1 %2</source>
        <translation>бот %1 %2</translation>
    </message>
    <message>
        <source>You: %1 against this hand</source>
        <translation>Вы: %1 против этой руки</translation>
    </message>
    <message>
        <source>You: %1</source>
        <translation>Вы: %1</translation>
    </message>
    <message>
        <source>%1 against the bot&apos;s hand %2</source>
        <translation>%1 против руки бота %2</translation>
    </message>
    <message>
        <source>hand %1: %2</source>
        <translation>рука %1: %2</translation>
    </message>
    <message>
        <source>You: %1 against this bot</source>
        <translation>Вы: %1 против бота</translation>
    </message>
    <message>
        <source>%1 against bot %2</source>
        <translation>%1 против бота %2</translation>
    </message>
    <message>
        <source>bot %1: %2</source>
        <translation>бот %1: %2</translation>
    </message>
    <message>
        <source>You surrendered.</source>
        <translation>Вы отказались от руки.</translation>
    </message>
    <message>
        <source>Your hand fouled.</source>
        <translation>В вашей руке фол.</translation>
    </message>
    <message>
        <source>Showdown.</source>
        <translation>Вскрытие.</translation>
    </message>
    <message>
        <source>Total this hand: %1.</source>
        <translation>Итого за раздачу: %1.</translation>
    </message>
    <message>
        <source>Total: %1 (%2).</source>
        <translation>Итого: %1 (%2).</translation>
    </message>
    <message>
        <source>Total: %1 (hands: %2).</source>
        <translation>Итого: %1 (%2).</translation>
    </message>
    <message>
        <source>Total: %1 (bots: %2).</source>
        <translation>Итого: %1 (%2).</translation>
    </message>
</context>
<context>
    <name>TrainerController</name>
    <message>
        <source>This hand fouls. Under the current house rules fouls are ignored, so it will be scored as it lies. Set it anyway?</source>
        <extracomment>Set hand pressed while the bots still set theirs: the surrender flag it waits with</extracomment>
        <translation>В этой руке фол. По текущим правилам стола фолы не учитываются, и рука будет посчитана как есть. Всё равно вскрыть?</translation>
    </message>
    <message>
        <source>This hand fouls, but it holds a natural (%1): it is settled as a natural, its rows are not compared.</source>
        <translation>В этой руке фол, но в ней есть натуральная комбинация (%1): рука рассчитывается как натуральная, её ряды не сравниваются.</translation>
    </message>
    <message>
        <source>Set it anyway?</source>
        <translation>Всё равно вскрыть?</translation>
    </message>
    <message>
        <source>This hand fouls: it loses at least %1 to each of the opponent&apos;s two hands (%2 in all), more where a hand collects royalties.</source>
        <translation>В этой руке фол: она проигрывает каждой из двух рук соперника %1 (всего %2), а руке, получающей роялти, — больше.</translation>
    </message>
    <message>
        <source>This hand fouls: it loses %1 to each of the opponent&apos;s two hands (%2 in all).</source>
        <translation>В этой руке фол: она проигрывает каждой из двух рук соперника %1 (всего %2).</translation>
    </message>
    <message>
        <source>This hand fouls: it loses at least %1 to each opponent, more where an opponent collects royalties.</source>
        <translation>В этой руке фол: она проигрывает каждому сопернику %1, а сопернику, получающему роялти, — больше.</translation>
    </message>
    <message>
        <source>This hand fouls: it loses %1 to each opponent.</source>
        <translation>В этой руке фол: она проигрывает каждому сопернику %1.</translation>
    </message>
    <message>
        <source>A hand with a natural wins %1 from it instead.</source>
        <translation>Рука с натуральной комбинацией выигрывает у неё вместо этого %1.</translation>
    </message>
    <message>
        <source>An opponent who surrenders pays it %1 instead.</source>
        <translation>Соперник, отказавшийся от руки, вместо этого платит ей %1.</translation>
    </message>
</context>
<context>
    <name>_PlayerBox</name>
    <message>
        <source>Player %1</source>
        <translation>Игрок %1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>The player&apos;s name in the results (optional).</source>
        <translation>Имя игрока в результатах (необязательно).</translation>
    </message>
    <message>
        <source>Surrender</source>
        <translation>Отказ от руки</translation>
    </message>
    <message>
        <source>Receives the cards</source>
        <translation>Получает карты</translation>
    </message>
    <message>
        <source>This player surrendered before the showdown (if the house rules allow surrender); the rows may stay empty.</source>
        <translation>Этот игрок отказался от руки до вскрытия (если правила стола это разрешают); ряды можно оставить пустыми.</translation>
    </message>
    <message>
        <source>Cards clicked in the deck below go to this player&apos;s rows.</source>
        <translation>Карты, выбранные щелчком в колоде ниже, попадают в ряды этого игрока.</translation>
    </message>
</context>
</TS>
