-- The badge catalogue of src/domain/badges/catalogue.ts (a test keeps the two equal).
insert into badges (name, description, criteria, category, metric, threshold) values
  ('Friend', 'Recruited your first fellow voter.', 'Earn 1 Spark', 'Recruitment', 'sparks', 1),
  ('Believer', 'Brought ten voters into the movement.', 'Earn 10 Sparks', 'Recruitment', 'sparks', 10),
  ('Evangelist', 'A hundred voters joined because of you.', 'Earn 100 Sparks', 'Recruitment', 'sparks', 100),
  ('Avatar', 'A thousand voters joined because of you.', 'Earn 1,000 Sparks', 'Recruitment', 'sparks', 1000),
  ('Lieutenant', 'Guided a caucus to elect its Delegate.', 'Earn 1 Banner', 'Leadership', 'banners', 1),
  ('Captain', 'Guided five caucuses to elect their Delegates.', 'Earn 5 Banners', 'Leadership', 'banners', 5),
  ('Colonel', 'Guided fifteen caucuses to elect their Delegates.', 'Earn 15 Banners', 'Leadership', 'banners', 15),
  ('General', 'Guided forty-five caucuses to elect their Delegates.', 'Earn 45 Banners', 'Leadership', 'banners', 45),
  ('Marshal', 'Guided a hundred and fifty caucuses to elect their Delegates.', 'Earn 150 Banners', 'Leadership', 'banners', 150),
  ('Delegate - Level 2', 'Elected by a level 1 caucus to represent it at level 2.', 'Be elected Delegate of a level 1 caucus', 'Leadership', 'delegate_level', 2),
  ('Delegate - Level 3', 'Elected by a level 2 caucus to represent it at level 3.', 'Be elected Delegate of a level 2 caucus', 'Leadership', 'delegate_level', 3),
  ('Delegate - Level 4', 'Elected by a level 3 caucus to represent it at level 4.', 'Be elected Delegate of a level 3 caucus', 'Leadership', 'delegate_level', 4),
  ('Delegate - Level 5', 'Elected by a level 4 caucus to represent it at level 5.', 'Be elected Delegate of a level 4 caucus', 'Leadership', 'delegate_level', 5),
  ('Candidate', 'Elected by the district''s level 5 caucus: the district''s Candidate.', 'Be elected Delegate of a level 5 caucus', 'Leadership', 'candidate', 6),
  ('Hugger', 'Received 5 Brownies in one day.', 'Receive 5 Brownies in one day', 'Community', 'brownies_in_a_day', 5),
  ('Life of the Party', 'Received 10 Brownies in one day.', 'Receive 10 Brownies in one day', 'Community', 'brownies_in_a_day', 10),
  ('Everyone''s Favorite', 'Received 30 Brownies in one day.', 'Receive 30 Brownies in one day', 'Community', 'brownies_in_a_day', 30),
  ('Chatterbox', 'Submitted 5 debate contributions.', 'Submit 5 responses, rebuttals or defenses', 'Community', 'debate_contributions', 5),
  ('Advocate', 'Submitted 25 debate contributions.', 'Submit 25 responses, rebuttals or defenses', 'Community', 'debate_contributions', 25),
  ('Cicero', 'Submitted 125 debate contributions.', 'Submit 125 responses, rebuttals or defenses', 'Community', 'debate_contributions', 125),
  ('Warrior', 'Won a team challenge.', 'Win 1 challenge', 'Challenges', 'challenge_wins', 1),
  ('Gladiator', 'Won 10 team challenges.', 'Win 10 challenges', 'Challenges', 'challenge_wins', 10),
  ('Destroyer', 'Won 50 team challenges.', 'Win 50 challenges', 'Challenges', 'challenge_wins', 50),
  ('Conqueror', 'Won 150 team challenges.', 'Win 150 challenges', 'Challenges', 'challenge_wins', 150),
  ('Pioneer 100', 'Voted in one of the first 100 level 1 caucuses finalized in the district.', 'Be a voting member of one of the first 100 finalized level 1 caucuses of your district', 'Special', 'pioneer', 100),
  ('Pioneer 1K', 'Voted in one of the first 1,000 level 1 caucuses finalized in the district.', 'Be a voting member of one of the first 1,000 finalized level 1 caucuses of your district', 'Special', 'pioneer', 1000),
  ('Champion', 'Recruited, organised, voted and supported the movement.', '3 Sparks, 1 organised caucus, a vote in a finalized level 1 caucus and 1 premium badge', 'Special', 'champion', null),
  ('OG 100', 'One of the first 100 members to confirm their email.', 'Be among the first 100 members (no longer earnable once reached)', 'Founding', 'founding_member', 100),
  ('OG 1K', 'One of the first 1,000 members to confirm their email.', 'Be among the first 1,000 members (no longer earnable once reached)', 'Founding', 'founding_member', 1000),
  ('OG 10K', 'One of the first 10,000 members to confirm their email.', 'Be among the first 10,000 members (no longer earnable once reached)', 'Founding', 'founding_member', 10000)
on conflict (name) do nothing;
--> statement-breakpoint
insert into premium_badges (name, description, price_cents) values
  ('George Washington', 'A premium badge honouring the first President. Its price supports the movement.', 500)
on conflict (name) do nothing;
