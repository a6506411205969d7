// The Spanish of every message the server writes for people to read (issue 15): refusals and
// validation errors from src/server and src/domain, keyed by their exact English text (the
// spec's texts). Messages with a variable part are patterns: `{name}` stands for any text.
// src/server/i18n/server-messages.test.ts fails when a message in the code has no entry here.
// The words are those of docs/glossary-es.md (asamblea, Delegado, Chispas, Estandartes…), "tú"
// for the reader, and the punctuation of the English (a final period or none).

/** English message → Spanish. */
export const SPANISH_MESSAGES: Record<string, string> = {
  // What a payment is for, as the payment page (the provider's, or the test stand-in) shows it.
  'Graduated Unanimous Caucus — identity verification fee': 'Asamblea Unánime Escalonada: cuota de verificación de identidad',
  // --- The HTTP edge: guards, the error handler, the catch-alls -------------------------
  'Auth session missing!': '¡No has iniciado sesión!',
  'An unexpected error occurred. Please try again.': 'Ocurrió un error inesperado. Inténtalo de nuevo.',
  'The app lost its database for a moment. Please try again in a few seconds.': 'La aplicación perdió su base de datos por un momento. Inténtalo de nuevo en unos segundos.',
  'Bad request': 'Solicitud incorrecta',
  'File too large': 'Archivo demasiado grande',
  'Invalid input': 'Datos no válidos',
  'Not found': 'No encontrado',
  'The app is not ready: one of its checks failed.': 'La aplicación no está lista: falló una de sus comprobaciones.',
  'pgBackRest found page checksum errors while copying (see its log)': 'pgBackRest encontró errores de suma de verificación de páginas al copiar (véase su registro)',
  'This address does not take this method.': 'Esta dirección no admite este método.',
  'This request is too large.': 'Esta solicitud es demasiado grande.',
  'This page cannot take a form. Go back, wait for the page to load, and try again.':
    'Esta página no puede recibir un formulario. Vuelve atrás, espera a que la página cargue e inténtalo de nuevo.',
  'This form could not be read. Go back to the page and try again.': 'No se pudo leer este formulario. Vuelve a la página e inténtalo de nuevo.',
  'This password reset link is invalid or has expired.': 'Este enlace para restablecer la contraseña no es válido o ya venció.',
  'This request did not come from the app. Please reload the page and try again.':
    'Esta solicitud no vino de la aplicación. Vuelve a cargar la página e inténtalo de nuevo.',
  'This link is not valid. Please use the link from your email.': 'Este enlace no es válido. Usa el enlace de tu correo electrónico.',
  'Some of what was sent could not be read. Please check the text and numbers you entered.':
    'No se pudo leer parte de lo que se envió. Revisa el texto y los números que escribiste.',
  'Authentication Error: You must be logged in to vote.': 'Error de autenticación: Debes iniciar sesión para votar.',
  'Invalid webhook signature': 'Firma de webhook no válida',
  // --- Accounts that hold (issue 32) -------------------------------------------------------
  'Please confirm it’s you to continue.': 'Confirma que eres tú para continuar.',
  // Issue 32, A: passwords and devices.
  'This password is too common or has appeared in data breaches. Choose another.':
    'Esta contraseña es demasiado común o apareció en filtraciones de datos. Elige otra.',
  'Please enter your current password.': 'Escribe tu contraseña actual.',
  'Password must be at most 128 characters': 'La contraseña debe tener como máximo 128 caracteres',
  'Your current password is not correct.': 'Tu contraseña actual no es correcta.',
  'Choose a new password different from your current one.': 'Elige una contraseña nueva distinta de la actual.',
  'This account has no password to change. Use “Forgot your password?” on the sign-in page to set one.':
    'Esta cuenta no tiene contraseña que cambiar. Usa “¿Olvidaste tu contraseña?” en la página de inicio de sesión para crear una.',
  'This session was not found. It may have ended already.': 'No se encontró esta sesión. Puede que ya haya terminado.',

  // Issue 32, B: email changes.
  'Please enter a valid email address.': 'Escribe una dirección de correo electrónico válida.',
  'That is already your email address.': 'Esa ya es tu dirección de correo electrónico.',
  'Check your new address for a link to confirm it. Until then your email stays the same.':
    'Busca en tu dirección nueva un enlace para confirmarla. Hasta entonces tu correo electrónico sigue igual.',
  'This link is not valid, has expired or was already used. Ask for a new one from your security page.':
    'Este enlace no es válido, ya venció o ya se usó. Pide uno nuevo desde tu página de seguridad.',
  'This address now belongs to another account, so it cannot be used.': 'Esta dirección ahora pertenece a otra cuenta, así que no se puede usar.',
  'Your previous address now belongs to another account, so it cannot be put back. Please contact support.':
    'Tu dirección anterior ahora pertenece a otra cuenta, así que no se puede volver a poner. Ponte en contacto con el equipo de soporte.',
  'Your email changed since this link was sent. Ask for a new one from your security page.':
    'Tu correo electrónico cambió desde que se envió este enlace. Pide uno nuevo desde tu página de seguridad.',
  'There is no email change waiting for confirmation.': 'No hay ningún cambio de correo electrónico esperando confirmación.',

  // Issue 32, C: passkeys.
  'Please give the passkey a name.': 'Ponle un nombre a la llave de acceso.',
  'You hold as many passkeys as allowed. Remove one you no longer use first.': 'Ya tienes todas las llaves de acceso permitidas. Quita primero una que ya no uses.',
  'Passkey not found': 'Llave de acceso no encontrada',
  'This passkey request has expired. Please try again.': 'Esta solicitud de llave de acceso venció. Inténtalo de nuevo.',
  'This passkey could not be verified. Please try again.': 'No se pudo verificar esta llave de acceso. Inténtalo de nuevo.',
  'This passkey is not registered here. Sign in with your password, or use another passkey.':
    'Esta llave de acceso no está registrada aquí. Inicia sesión con tu contraseña o usa otra llave de acceso.',
  'Please unlock the passkey with your fingerprint, face or PIN.': 'Desbloquea la llave de acceso con tu huella, tu rostro o tu PIN.',
  'This passkey is already registered.': 'Esta llave de acceso ya está registrada.',
  'This passkey is not one of yours.': 'Esta llave de acceso no es tuya.',
  'Please confirm your email address before signing in.': 'Confirma tu dirección de correo electrónico antes de iniciar sesión.',

  // Issue 32, D: two-step sign-in.
  'That password is not right.': 'Esa contraseña no es correcta.',
  'That code is not right. Type the newest code your authenticator app shows.': 'Ese código no es correcto. Escribe el código más reciente que muestra tu aplicación de autenticación.',
  'That recovery code is not right, or it was already used.': 'Ese código de recuperación no es correcto o ya se usó.',
  'Type the code from your authenticator app.': 'Escribe el código de tu aplicación de autenticación.',
  'Type your password.': 'Escribe tu contraseña.',
  'Two-step sign-in is already on.': 'El inicio de sesión en dos pasos ya está activado.',
  'Two-step sign-in is not on.': 'El inicio de sesión en dos pasos no está activado.',
  'Start turning on two-step sign-in first: the setup expired or was never started.':
    'Primero empieza a activar el inicio de sesión en dos pasos: la configuración venció o nunca se empezó.',
  'This sign-in has expired. Sign in with your password again.': 'Este inicio de sesión venció. Vuelve a iniciar sesión con tu contraseña.',
  'Too many wrong codes. Sign in with your password again.': 'Demasiados códigos incorrectos. Vuelve a iniciar sesión con tu contraseña.',
  'Too many wrong codes for this account. Please wait a few minutes and try again.':
    'Demasiados códigos incorrectos para esta cuenta. Espera unos minutos e inténtalo de nuevo.',
  // better-auth's two-factor plugin's own answers on the code step.
  'Invalid code': 'Código incorrecto',
  'Invalid backup code': 'Código de recuperación incorrecto',
  'Invalid two factor cookie': 'Este inicio de sesión venció. Vuelve a iniciar sesión con tu contraseña',
  'Too many attempts. Please request a new code.': 'Demasiados intentos. Vuelve a iniciar sesión con tu contraseña.',
  'Too many failed verification attempts. Your account is temporarily locked. Please try again later.':
    'Demasiados intentos fallidos. Tu cuenta está bloqueada por un tiempo. Inténtalo de nuevo más tarde.',
  'TOTP not enabled': 'El inicio de sesión en dos pasos no está activado',
  "Backup codes aren't enabled": 'El inicio de sesión en dos pasos no está activado',

  // Issue 32, E: asking again and administrators.
  'Turn on two-step sign-in or add a passkey to use the administrator tools.':
    'Activa el inicio de sesión en dos pasos o añade una llave de acceso para usar las herramientas de administración.',
  'Enter your password or a code from your authenticator app.': 'Escribe tu contraseña o un código de tu aplicación de autenticación.',
  'That code is not right.': 'Ese código no es correcto.',
  'Only a signed-in browser can confirm it’s you.': 'Solo un navegador con la sesión iniciada puede confirmar que eres tú.',

  // --- Personal API tokens (issue 17) ---------------------------------------------------
  'API tokens can only read. Sign in to the app to make changes.':
    'Los tokens de API solo pueden leer. Inicia sesión en la aplicación para hacer cambios.',
  'This API token is not valid. It may have been revoked.': 'Este token de API no es válido. Puede que se haya revocado.',
  'This API token cannot read this.': 'Este token de API no puede leer esto.',
  'Please give the token a name.': 'Ponle un nombre al token.',
  'The name can be at most 60 characters.': 'El nombre puede tener como máximo 60 caracteres.',
  'Please choose at least one scope.': 'Elige al menos un permiso.',
  'You can hold at most 10 tokens. Revoke one you no longer use first.': 'Puedes tener como máximo 10 tokens. Revoca primero uno que ya no uses.',
  'Token not found': 'Token no encontrado',
  // --- The movement's figures (issue 18) --------------------------------------------------
  'Please give a state as its two-letter code, like OH.': 'Indica el estado con su código de dos letras, como OH.',
  'Please give a district as a whole number, like 3.': 'Indica el distrito con un número entero, como 3.',
  'Please give the state of the district.': 'Indica el estado del distrito.',
  'There is no such state.': 'Ese estado no existe.',
  'This state has no such district.': 'Ese estado no tiene ese distrito.',
  // The browser's own (src/web/api/http.ts).
  'Could not reach the server. Check your connection and try again.':
    'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',

  // --- Text fields (src/domain/text) --------------------------------------------------------
  'Remove the control characters from this text.': 'Quita los caracteres de control de este texto.',
  'This text contains characters that cannot be stored. Please retype it.':
    'Este texto contiene caracteres que no se pueden guardar. Vuelve a escribirlo.',

  // --- Sign-up, profile, location ---------------------------------------------------------
  'Please fill in all required fields': 'Completa todos los campos obligatorios',
  'Passwords do not match': 'Las contraseñas no coinciden',
  'Please choose one of the 50 states': 'Elige uno de los 50 estados',
  "Please choose a district within the state's range": 'Elige un distrito dentro del rango del estado',
  'Please choose a political alignment': 'Elige una afinidad política',
  'Please describe your political alignment': 'Describe tu afinidad política',
  'Please enter a valid email address': 'Escribe un correo electrónico válido',
  'This referral link is not valid': 'Este enlace de recomendación no es válido',
  "Please type 'delete' to confirm deletion.": 'Escribe “delete” para confirmar la eliminación.',
  'This profile has been deleted.': 'Este perfil se eliminó.',
  'Profile not found': 'Perfil no encontrado',
  'Photo not found': 'Foto no encontrada',
  'Image not found': 'Imagen no encontrada',
  'Your profile and its data were deleted.': 'Tu perfil y sus datos se eliminaron.',
  'Your profile is hidden because you voted in a finalized caucus election.':
    'Tu perfil está oculto porque votaste en una elección de asamblea finalizada.',
  'Cannot edit after finalizing caucus election': 'No se puede editar después de finalizar la elección de la asamblea',
  'Leave your current caucus before changing your location.': 'Sal de tu asamblea actual antes de cambiar tu ubicación.',
  'Invalid file type': 'Tipo de archivo no válido',
  'Please select an image file': 'Selecciona un archivo de imagen',
  'Please select an image smaller than 5MB': 'Selecciona una imagen de menos de 5MB',
  'Search text can be at most 100 characters': 'El texto de búsqueda puede tener como máximo 100 caracteres',

  // --- Preferences (language and theme) -------------------------------------------------
  'Choose English or Spanish': 'Elige inglés o español',
  'Choose light, dark or system': 'Elige claro, oscuro o según el sistema',
  'Nothing to change': 'No hay nada que cambiar',

  // --- Caucuses ---------------------------------------------------------------------------
  'Caucus name is required': 'El nombre de la asamblea es obligatorio',
  'Caucus name must be 100 characters or less': 'El nombre de la asamblea debe tener 100 caracteres o menos',
  'State is required when organizing': 'El estado es obligatorio para organizar',
  'Valid district is required when organizing': 'Se necesita un distrito válido para organizar',
  'Level must be between 1 and 5': 'El nivel debe estar entre 1 y 5',
  'Only administrators can create Level 5 caucuses': 'Solo los administradores pueden crear asambleas de Nivel 5',
  'This district already has its Level 5 caucus.': 'Este distrito ya tiene su asamblea de Nivel 5.',
  'Password is required for private caucuses': 'La contraseña es obligatoria para las asambleas privadas',
  'Password must be at least 4 characters long': 'La contraseña debe tener al menos 4 caracteres',
  'Political Alignment is required': 'La afinidad política es obligatoria',
  'Platform link cannot be empty': 'El enlace a la plataforma no puede estar vacío',
  'Platform link must be a web address starting with http:// or https://':
    'El enlace a la plataforma debe ser una dirección web que empiece con http:// o https://',
  'Message cannot be empty': 'El mensaje no puede estar vacío',
  'Required members can only be changed on Level 5 caucuses': 'Los miembros requeridos solo se pueden cambiar en las asambleas de Nivel 5',
  'Choose a voting member of this caucus': 'Elige a un miembro votante de esta asamblea',
  'Choose a user to invite': 'Elige a un usuario para invitarlo',
  'Enter an email address or choose a user': 'Escribe un correo electrónico o elige a un usuario',
  'Enter an email address': 'Escribe un correo electrónico',
  'Enter a valid email address.': 'Escribe un correo electrónico válido.',
  'Caucus not found': 'Asamblea no encontrada',
  'Caucus not found with this invitation code': 'No se encontró ninguna asamblea con este código de invitación',
  'Invalid invitation link': 'Enlace de invitación no válido',
  'You must be logged in to view this caucus': 'Debes iniciar sesión para ver esta asamblea',
  'Cannot Vote: You must be a voting member of this caucus to vote.': 'No puedes votar: Debes ser miembro votante de esta asamblea para votar.',
  'You can only vote for a voting member of this caucus.': 'Solo puedes votar por un miembro votante de esta asamblea.',
  'Voting is closed: this caucus has already elected its Delegate.': 'La votación está cerrada: esta asamblea ya eligió a su Delegado.',
  'The election is finalized: members can no longer leave this caucus.': 'La elección está finalizada: los miembros ya no pueden salir de esta asamblea.',
  'You are not a voting member of this caucus.': 'No eres miembro votante de esta asamblea.',
  'Only members and organizers can edit the platform link.': 'Solo los miembros y los organizadores pueden editar el enlace a la plataforma.',
  'The platform link cannot change after the election is finalized.': 'El enlace a la plataforma no puede cambiar después de que la elección se finaliza.',
  'Only administrators can change the required members.': 'Solo los administradores pueden cambiar los miembros requeridos.',
  'Failed to create caucus': 'No se pudo crear la asamblea',
  'This caucus is full.': 'Esta asamblea está completa.',
  'Verification Required: All members must verify their profiles before the vote can be finalized.':
    'Verificación requerida: Todos los miembros deben verificar sus perfiles antes de que se pueda finalizar la votación.',
  'The election record of a caucus is open to its members until the election is finalized.':
    'El registro de la elección de una asamblea está abierto solo a sus miembros hasta que la elección se finaliza.',
  'Only members and organizers of this caucus can use its chat.': 'Solo los miembros y los organizadores de esta asamblea pueden usar su chat.',
  'Live chat updates are not available right now.': 'Las actualizaciones del chat en vivo no están disponibles en este momento.',
  'Live message updates are not available right now.': 'Las actualizaciones de mensajes en vivo no están disponibles en este momento.',
  'Too many live connections are open right now. Live updates will resume shortly.':
    'Hay demasiadas conexiones en vivo abiertas en este momento. Las actualizaciones en vivo volverán en breve.',

  // Joining a caucus (src/domain/caucuses/eligibility.ts).
  'You are already a member of this caucus.': 'Ya eres miembro de esta asamblea.',
  'This caucus has already elected its Delegate; it no longer accepts members.': 'Esta asamblea ya eligió a su Delegado; ya no acepta miembros.',
  'Organizers do not vote: you organize this caucus.': 'Los organizadores no votan: tú organizas esta asamblea.',
  'Please enter the caucus password.': 'Escribe la contraseña de la asamblea.',
  'Incorrect password.': 'Contraseña incorrecta.',

  // Invitations.
  'Only organizers can invite.': 'Solo los organizadores pueden invitar.',
  'This caucus has already elected its Delegate; it no longer takes invitations.': 'Esta asamblea ya eligió a su Delegado; ya no acepta invitaciones.',
  'User not found: No user found with that id.': 'Usuario no encontrado: No hay ningún usuario con ese identificador.',
  'Already Invited': 'Ya tiene una invitación',
  'Invitation already sent': 'Invitación ya enviada',
  'Invitation already sent: An invitation is already pending for this user.': 'Invitación ya enviada: Ya hay una invitación pendiente para este usuario.',
  'Invitation not found': 'Invitación no encontrada',
  'Only the invited user can respond to this invitation.': 'Solo el usuario invitado puede responder a esta invitación.',
  'You are a voting member of this caucus, and organizers do not vote. Leave the caucus first to organize it.':
    'Eres miembro votante de esta asamblea, y los organizadores no votan. Primero sal de la asamblea para organizarla.',
  'You are already an organizer of this caucus.': 'Ya eres organizador de esta asamblea.',
  'This caucus has already elected its Delegate; it no longer takes new organizers.': 'Esta asamblea ya eligió a su Delegado; ya no acepta nuevos organizadores.',
  'Enter at least 2 characters to search.': 'Escribe al menos 2 caracteres para buscar.',
  'Failed to respond to invitation': 'No se pudo responder a la invitación',
  'Answer with "accepted" or "declined".': 'Responde con "accepted" o "declined".',

  // --- Challenges -------------------------------------------------------------------------
  'Challenge name is required': 'El nombre del reto es obligatorio',
  'Choose a challenge type: Banners or Sparks.': 'Elige un tipo de reto: Estandartes o Chispas.',
  'Choose your team: blue or orange.': 'Elige tu equipo: azul o naranja.',
  'No Friends Invited: You must invite at least one friend to create a challenge.':
    'No invitaste a ningún amigo: Debes invitar al menos a un amigo para crear un reto.',
  'Each friend can be invited once.': 'Puedes invitar a cada amigo una sola vez.',
  'You can only invite your friends to a challenge.': 'Solo puedes invitar a tus amigos a un reto.',
  'Failed to create challenge. Please try again.': 'No se pudo crear el reto. Inténtalo de nuevo.',
  'Failed to join challenge.': 'No pudimos unirte al reto.',
  'Failed to leave challenge.': 'No pudimos sacarte del reto.',
  'Access Denied': 'Acceso denegado',
  "You don't have access to this challenge.": 'No tienes acceso a este reto.',
  'This challenge has ended.': 'Este reto ya terminó.',
  'You are already a member of this challenge.': 'Ya eres miembro de este reto.',
  'You are not a member of this challenge.': 'No eres miembro de este reto.',

  // --- Debates ----------------------------------------------------------------------------
  'Title is required': 'El título es obligatorio',
  'Prompt is required': 'El planteamiento es obligatorio',
  'Debate type must be text or audio': 'El tipo de debate debe ser texto o audio',
  'Debate Not Found': 'Debate no encontrado',
  'That page of responses does not exist.': 'Esa página de respuestas no existe.',
  'Failed to load more responses. Please try again.': 'No se pudieron cargar más respuestas. Inténtalo de nuevo.',
  'Debate closed': 'Debate cerrado',
  'Submissions are no longer accepted.': 'Ya no se aceptan envíos.',
  'This debate is closed. Submissions and voting are no longer accepted, but content remains available for viewing.':
    'Este debate está cerrado. Ya no se aceptan envíos ni votos, pero el contenido sigue disponible para consultarlo.',
  'Voting is closed for this debate.': 'La votación de este debate está cerrada.',
  'Please log in to participate in this debate': 'Inicia sesión para participar en este debate',
  'No responses yet. Be the first to respond!': 'Todavía no hay respuestas. ¡Sé el primero en responder!',
  'Only participants can rebut. Submit your own response first; then you can rebut the others.':
    'Solo los participantes pueden rebatir. Primero envía tu propia respuesta; después podrás rebatir las de los demás.',
  'Are you sure you want to delete this debate? This action cannot be undone and will remove all responses, rebuttals, and votes associated with this debate.':
    '¿Seguro que quieres eliminar este debate? Esta acción no se puede deshacer y eliminará todas las respuestas, réplicas y votos asociados a este debate.',
  'Debate Deleted': 'Debate eliminado',
  'Only the creator of this debate or an administrator can delete it.': 'Solo quien creó este debate o un administrador puede eliminarlo.',
  'Only the creator of this debate can invite friends.': 'Solo quien creó este debate puede invitar a amigos.',
  'Select at least one friend to invite.': 'Selecciona al menos a un amigo para invitarlo.',
  'This debate is full.': 'Este debate está completo.',
  'You can only invite your friends.': 'Solo puedes invitar a tus amigos.',
  'Invitations Sent': 'Invitaciones enviadas',
  'You have already submitted a response to this debate.': 'Ya enviaste una respuesta a este debate.',
  'Only participants of this debate can rebut a response. Submit your response first.':
    'Solo los participantes de este debate pueden rebatir una respuesta. Primero envía tu respuesta.',
  'You cannot rebut your own response.': 'No puedes rebatir tu propia respuesta.',
  'You have already rebutted this response.': 'Ya rebatiste esta respuesta.',
  'Only the author of the response can defend it.': 'Solo el autor de la respuesta puede defenderla.',
  'This rebuttal has already been defended.': 'Esta réplica ya tiene una defensa.',
  'This contribution no longer exists.': 'Este aporte ya no existe.',
  'Your text cannot be empty.': 'Tu texto no puede estar vacío.',
  'This is an audio debate.': 'Este es un debate de audio.',
  'This is a text debate.': 'Este es un debate de texto.',
  'Your recording is too large (at most 5 MB).': 'Tu grabación es demasiado grande (como máximo 5 MB).',
  'Please record audio (WebM) to submit.': 'Graba un audio (WebM) para enviarlo.',
  'Audio not found': 'Audio no encontrado',
  Success: 'Listo',
  'Could not access microphone': 'No se pudo acceder al micrófono',
  'Failed to load debates': 'No se pudieron cargar los debates',
  'Failed to load debate': 'No se pudo cargar el debate',
  'Failed to create debate. Please try again.': 'No se pudo crear el debate. Inténtalo de nuevo.',
  'Failed to delete debate': 'No se pudo eliminar el debate',
  'Failed to send invitations': 'No se pudieron enviar las invitaciones',
  'Failed to play audio': 'No se pudo reproducir el audio',
  'Failed to submit vote': 'No se pudo registrar el voto',
  'Failed to award brownie': 'No se pudo otorgar el Brownie',
  'Link copied': 'Enlace copiado',
  'Share this debate with others.': 'Comparte este debate con otras personas.',
  'Unknown contribution type': 'Tipo de aporte desconocido',
  'Vote must be upvote or downvote': 'El voto debe ser a favor o en contra',
  // The kinds of a contribution, as "Your {kind} has been submitted successfully!" names them.
  response: 'respuesta',
  rebuttal: 'réplica',
  defense: 'defensa',

  // --- Brownies, leaderboards, badges, rewards ---------------------------------------------
  'You already gave a brownie today': 'Ya diste un brownie hoy',
  'Daily limit reached: You can only give one brownie per day. Try again tomorrow!':
    'Llegaste al límite diario: Solo puedes dar un brownie al día. ¡Inténtalo de nuevo mañana!',
  'Invalid action: You cannot give a brownie to yourself.': 'Acción no válida: No puedes darte un brownie a ti mismo.',
  'Failed to give brownie. Please try again.': 'No se pudo dar el brownie. Inténtalo de nuevo.',
  'Brownie Awarded!': '¡Brownie otorgado!',
  "You've successfully awarded a brownie to this user.": 'Le otorgaste un brownie a este usuario.',
  'Choose a leaderboard: banners, brownies or sparks': 'Elige una clasificación: Estandartes, Brownies o Chispas',
  'Choose one of the 50 states': 'Elige uno de los 50 estados',
  'Choose a state before a district': 'Elige un estado antes que un distrito',
  'Choose a district of that state': 'Elige un distrito de ese estado',
  'Badge Not Found': 'Insignia no encontrada',
  'You already own this badge.': 'Ya tienes esta insignia.',
  'You must be logged in to buy a badge.': 'Debes iniciar sesión para comprar una insignia.',
  'Purchases are not available on this server right now.': 'Las compras no están disponibles en este servidor en este momento.',
  'Failed to start the payment. Please try again.': 'No se pudo iniciar el pago. Inténtalo de nuevo.',
  'The payment could not be checked. Please try again.': 'No se pudo comprobar el pago. Inténtalo de nuevo.',
  'Earn Rewards While Saving Your Country': 'Gana recompensas mientras salvas a tu país',
  'You have earned this reward! Verify your account to claim it.': '¡Ganaste esta recompensa! Verifica tu cuenta para reclamarla.',
  'Claim Now': 'Reclamar ahora',
  'Reward Sent': 'Recompensa enviada',
  'Reward Claimed!': '¡Recompensa reclamada!',
  'Your reward certificate has been sent to your email.': 'Te enviamos el certificado de tu recompensa por correo electrónico.',
  'Already Claimed': 'Ya reclamada',
  'You have already claimed this reward.': 'Ya reclamaste esta recompensa.',
  Error: 'Error',
  'Failed to claim reward. Please try again.': 'No se pudo reclamar la recompensa. Inténtalo de nuevo.',
  'Reward Not Found': 'Recompensa no encontrada',
  'You have not earned this reward yet.': 'Todavía no has ganado esta recompensa.',
  'Verify your account to claim this reward.': 'Verifica tu cuenta para reclamar esta recompensa.',
  'You must be logged in to claim a reward.': 'Debes iniciar sesión para reclamar una recompensa.',

  // --- Friends, messages, broadcasts -----------------------------------------------------
  'Failed to send friend request.': 'No se pudo enviar la solicitud de amistad.',
  'Failed to respond to friend request.': 'No se pudo responder a la solicitud de amistad.',
  'Choose someone to send a friend request to.': 'Elige a quién enviarle una solicitud de amistad.',
  'You cannot send a friend request to yourself.': 'No puedes enviarte una solicitud de amistad a ti mismo.',
  'User not found': 'Usuario no encontrado',
  'You are already friends.': 'Ya son amigos.',
  'You already sent a friend request to this person.': 'Ya le enviaste una solicitud de amistad a esta persona.',
  'Friend request not found': 'Solicitud de amistad no encontrada',
  'Only the person who received this friend request can answer it.': 'Solo la persona que recibió esta solicitud de amistad puede responderla.',
  // What a friend request or an invitation became, as "This … has already been {status}." says it.
  accepted: 'aceptada',
  declined: 'rechazada',
  'Failed to send message.': 'No se pudo enviar el mensaje.',
  'Please choose a recipient.': 'Elige un destinatario.',
  'Recipient not found': 'Destinatario no encontrado',
  'You cannot send a message to yourself.': 'No puedes enviarte un mensaje a ti mismo.',
  'That page of messages does not exist.': 'Esa página de mensajes no existe.',
  'Failed to send broadcast.': 'No se pudo enviar el anuncio.',
  'Choose who receives the broadcast.': 'Elige quién recibe el anuncio.',
  'State is required for a state or district broadcast.': 'El estado es obligatorio para un anuncio a un estado o a un distrito.',
  'District is required for a district broadcast.': 'El distrito es obligatorio para un anuncio a un distrito.',
  'Only administrators and elected delegates can send broadcasts.': 'Solo los administradores y los Delegados electos pueden enviar anuncios.',
  'Only administrators can broadcast to everyone, a state or a district.':
    'Solo los administradores pueden enviar anuncios a todos, a un estado o a un distrito.',
  'Only elected delegates can broadcast to their constituents.': 'Solo los Delegados electos pueden enviar anuncios a sus representados.',

  // --- Notifications and push ------------------------------------------------------------
  'Notification settings saved': 'Configuración de notificaciones guardada',
  'This notification is about an election or a person waiting for you: it is always sent at once.':
    'Esta notificación trata de una elección o de una persona que te espera: siempre se envía de inmediato.',
  'This unsubscribe link is not valid. Change what you receive in your notification settings.':
    'Este enlace para cancelar la suscripción no es válido. Cambia lo que recibes en tu configuración de notificaciones.',
  'Notification not found': 'Notificación no encontrada',
  'Invalid page cursor': 'Cursor de página no válido',
  'Unknown notification kind': 'Tipo de notificación desconocido',
  'email must be true or false': 'email debe ser true o false',
  'push must be true or false': 'push debe ser true o false',
  'cadence must be immediate, daily or weekly': 'cadence debe ser immediate, daily o weekly',
  'This browser gave an invalid push address.': 'Este navegador dio una dirección de notificaciones push no válida.',
  'This push address is not a push service on the internet: notifications are sent only to https push services on port 443.':
    'Esta dirección de notificaciones push no es un servicio push de internet: las notificaciones solo se envían a servicios push https en el puerto 443.',
  'This browser gave invalid push keys.': 'Este navegador dio claves de notificaciones push no válidas.',
  'This device is not subscribed.': 'Este dispositivo no está suscrito.',

  // --- Trust and safety ------------------------------------------------------------------
  'Choose a reason for the report.': 'Elige un motivo para la denuncia.',
  'Choose what to report.': 'Elige qué quieres denunciar.',
  'There is nothing to report here.': 'Aquí no hay nada que denunciar.',
  'You cannot report yourself.': 'No puedes denunciarte a ti mismo.',
  'You already reported this.': 'Ya denunciaste esto.',
  'Thank you. An administrator will review your report.': 'Gracias. Un administrador revisará tu denuncia.',
  'You cannot block yourself.': 'No puedes bloquearte a ti mismo.',
  'You cannot send this to this person.': 'No puedes enviarle esto a esta persona.',
  'You blocked this person: unblock them on the Blocked people page to send this.': 'Bloqueaste a esta persona: desbloquéala en la página Personas bloqueadas para enviarle esto.',
  'You have not blocked this person.': 'No has bloqueado a esta persona.',
  'Give a reason: the author and the admin log will read it.': 'Indica un motivo: lo leerá el autor y quedará en el registro de administración.',
  'Choose dismiss, hide, restore, delete, warn or suspend.': 'Elige descartar, ocultar, restaurar, eliminar, advertir o suspender.',
  'Only administrators can moderate.': 'Solo los administradores pueden moderar.',
  'An administrator cannot be suspended.': 'No se puede suspender a un administrador.',
  'This item was already deleted.': 'Este elemento ya se eliminó.',
  'This person is not suspended.': 'Esta persona no está suspendida.',

  // --- Verification ------------------------------------------------------------------------
  'Enter your U.S. Government ID# (4 to 20 letters, digits or dashes).':
    'Escribe tu N.º de identificación oficial de EE. UU. (de 4 a 20 letras, dígitos o guiones).',
  'Verification Error: Failed to start verification session.': 'Error de verificación: No se pudo iniciar la sesión de verificación.',
  'Verification Error: Failed to start the $3.00 payment. Please try again.': 'Error de verificación: No se pudo iniciar el pago de $3.00. Inténtalo de nuevo.',
  'Session Error: The verification session could not be created. Please try again.':
    'Error de sesión: No se pudo crear la sesión de verificación. Inténtalo de nuevo.',
  'Authentication Error: No user logged in.': 'Error de autenticación: No has iniciado sesión.',
  'Database Error: Your verification could not be saved. Please try again.': 'Error de base de datos: No se pudo guardar tu verificación. Inténtalo de nuevo.',
  'Status Check Failed: The verification status could not be checked. Please try again.':
    'Error al comprobar el estado: No se pudo comprobar el estado de tu verificación. Inténtalo de nuevo.',
  'Not Yet Verified': 'Todavía no verificado',
  'Verification Error: Verification is not available on this server right now.':
    'Error de verificación: La verificación no está disponible en este servidor en este momento.',
  'Your account is already verified.': 'Tu cuenta ya está verificada.',
  'Your $3.00 verification fee is already paid.': 'Tu cuota de verificación de $3.00 ya está pagada.',
  'Your identity is already verified.': 'Tu identidad ya está verificada.',
  'This U.S. Government ID# is already used by another verified account.': 'Otra cuenta verificada ya usa este N.º de identificación oficial de EE. UU.',
  // The titles the verification refusals carry (the text before their colon).
  'Verification Error': 'Error de verificación',
  'Session Error': 'Error de sesión',
  'Database Error': 'Error de base de datos',
  'Status Check Failed': 'Error al comprobar el estado',
  'Authentication Error': 'Error de autenticación',
  // POST /api/verification/check: its title and what is still missing (missingStepsMessage).
  Verified: 'Verificado',
  'Your account is verified.': 'Tu cuenta está verificada.',
  'Both steps are done; your verification is being completed. Please check again in a moment.':
    'Los dos pasos están hechos; tu verificación se está completando. Vuelve a comprobarlo en un momento.',
  'The identity check has not been started.': 'La verificación de identidad no se ha iniciado.',
  'The identity check is still in progress.': 'La verificación de identidad sigue en curso.',
  'The identity check did not pass; please start a new one.': 'La verificación de identidad no fue aprobada; inicia una nueva.',
  'The $3.00 verification fee has not been received.': 'Todavía no hemos recibido la cuota de verificación de $3.00.',
  'The $3.00 verification fee has not been received, and the identity check has not been started.':
    'Todavía no hemos recibido la cuota de verificación de $3.00, y la verificación de identidad no se ha iniciado.',
  'The $3.00 verification fee has not been received, and the identity check is still in progress.':
    'Todavía no hemos recibido la cuota de verificación de $3.00, y la verificación de identidad sigue en curso.',
  'The $3.00 verification fee has not been received, and the identity check did not pass; please start a new one.':
    'Todavía no hemos recibido la cuota de verificación de $3.00, y la verificación de identidad no fue aprobada; inicia una nueva.',

  // --- Too many attempts (src/domain/throttle/wait-words.ts), the exact cases -------------
  'Too many attempts. Please try again in 1 second.': 'Demasiados intentos. Inténtalo de nuevo en 1 segundo.',
  'Too many attempts. Please try again in 1 minute.': 'Demasiados intentos. Inténtalo de nuevo en 1 minuto.',
  'Too many attempts. Please try again in 1 hour.': 'Demasiados intentos. Inténtalo de nuevo en 1 hora.',
  'Too many attempts. Please try again in 1 hour and 1 minute.': 'Demasiados intentos. Inténtalo de nuevo en 1 hora y 1 minuto.',

  // --- better-auth's own answers on sign-in, sign-up, reset and verification ------------
  'Invalid email or password': 'Correo electrónico o contraseña incorrectos',
  'Invalid email': 'Correo electrónico no válido',
  'Invalid email address': 'Correo electrónico no válido',
  'Invalid password': 'Contraseña no válida',
  'Invalid user': 'Usuario no válido',
  'Invalid token': 'El enlace no es válido',
  'Token expired': 'El enlace venció',
  'Email not verified': 'Correo electrónico no verificado',
  'Email is already verified': 'El correo electrónico ya está verificado',
  'Email mismatch': 'El correo electrónico no coincide',
  'Email is the same': 'El correo electrónico es el mismo',
  'Password too short': 'La contraseña es demasiado corta',
  'Password too long': 'La contraseña es demasiado larga',
  'User already exists.': 'El usuario ya existe.',
  'User already exists. Use another email.': 'El usuario ya existe. Usa otro correo electrónico.',
  'User email not found': 'No se encontró el correo electrónico del usuario',
  'User deleted': 'Usuario eliminado',
  'Failed to create user': 'No se pudo crear el usuario',
  'Failed to create session': 'No se pudo crear la sesión',
  'Failed to update user': 'No se pudo actualizar el usuario',
  'Failed to get session': 'No se pudo obtener la sesión',
  'Failed to get user info': 'No se pudo obtener la información del usuario',
  'Unable to create verification': 'No se pudo crear la verificación',
  'Credential account not found': 'No se encontró la cuenta con contraseña',
  'Account not found': 'Cuenta no encontrada',
  'Session expired. Re-authenticate to perform this action.': 'La sesión venció. Vuelve a iniciar sesión para hacer esto.',
  'Session is not fresh': 'La sesión no es reciente',
  'Email can not be updated': 'No se puede cambiar el correo electrónico',
  'Change email is disabled': 'El cambio de correo electrónico está desactivado',
  "Verification email isn't enabled": 'El correo de verificación no está activado',
  "Reset password isn't enabled": 'El restablecimiento de contraseña no está activado',
  'Email and password sign up is not enabled': 'El registro con correo electrónico y contraseña no está activado',
  'Email and password is not enabled': 'El inicio de sesión con correo electrónico y contraseña no está activado',
  'If this email exists in our system, check your email for the reset link':
    'Si este correo electrónico está en nuestro sistema, revisa tu correo: ahí encontrarás el enlace para restablecer tu contraseña',
  'Verification email sent': 'Correo de verificación enviado',
  'Cross-site navigation login blocked. This request appears to be a CSRF attack.':
    'Se bloqueó un inicio de sesión desde otro sitio. Esta solicitud parece ser un ataque CSRF.',
  'Invalid origin': 'Origen no válido',
  'Missing or null Origin': 'Falta el origen de la solicitud',
  'Invalid callbackURL': 'Dirección de regreso no válida',
  'Invalid redirectURL': 'Dirección de redirección no válida',
  'Invalid errorCallbackURL': 'Dirección de regreso por error no válida',
  'Invalid newUserCallbackURL': 'Dirección de regreso para usuarios nuevos no válida',
  'callbackURL is required': 'Falta la dirección de regreso',
  'Field not allowed to be set': 'Este campo no se puede establecer',
  'Field is required': 'Este campo es obligatorio',
  'Validation Error': 'Error de validación',
  'Body must be an object': 'El cuerpo de la solicitud debe ser un objeto',
  'Too many requests. Please try again later.': 'Demasiadas solicitudes. Inténtalo de nuevo más tarde.',
  Unauthorized: 'No autorizado',
  'Internal Server Error': 'Error interno del servidor',

  // --- zod's own messages (a field without a message of ours) ---------------------------
  'Invalid UUID': 'Identificador no válido',
  'Invalid URL': 'Dirección web no válida',
};

/** English pattern → Spanish pattern; the placeholders of both are the same. */
export const SPANISH_MESSAGE_PATTERNS: ReadonlyArray<readonly [string, string]> = [
  // A profile's activity feed (the words stored with each activity).
  ['Became friends with {name}', 'Se hizo amigo de {name}'],
  ['Created the caucus "{name}"', 'Creó la asamblea "{name}"'],
  ['Joined the caucus "{name}"', 'Se unió a la asamblea "{name}"'],
  ['The caucus "{name}" elected its Delegate', 'La asamblea "{name}" eligió a su Delegado'],
  ['Elected Delegate of "{name}" (Level {level})', 'Elegido Delegado de "{name}" (Nivel {level})'],
  ['Earned the {name} badge', 'Ganó la insignia {name}'],
  ['Graduated Unanimous Caucus — {badge} premium badge', 'Asamblea Unánime Escalonada: insignia premium {badge}'],
  // --- The HTTP edge ------------------------------------------------------------------------
  ['This request is too large: the limit is {limit}.', 'Esta solicitud es demasiado grande: el límite es {limit}.'],
  // Too many attempts: the wait in words (waitInWords); the specific shapes before the general.
  ['Too many attempts. Please try again in 1 hour and {minutes} minutes.', 'Demasiados intentos. Inténtalo de nuevo en 1 hora y {minutes} minutos.'],
  ['Too many attempts. Please try again in {hours} hours and 1 minute.', 'Demasiados intentos. Inténtalo de nuevo en {hours} horas y 1 minuto.'],
  ['Too many attempts. Please try again in {hours} hours and {minutes} minutes.', 'Demasiados intentos. Inténtalo de nuevo en {hours} horas y {minutes} minutos.'],
  ['Too many attempts. Please try again in {hours} hours.', 'Demasiados intentos. Inténtalo de nuevo en {hours} horas.'],
  ['Too many attempts. Please try again in {minutes} minutes.', 'Demasiados intentos. Inténtalo de nuevo en {minutes} minutos.'],
  ['Too many attempts. Please try again in {seconds} seconds.', 'Demasiados intentos. Inténtalo de nuevo en {seconds} segundos.'],
  ['Too many attempts. Please try again in {wait}.', 'Demasiados intentos. Inténtalo de nuevo en {wait}.'],
  // A suspended user's refusal: with the administrator's reason first (it holds a colon).
  [
    'Your account is suspended until {date}: {reason}. You can still sign in and read.',
    'Tu cuenta está suspendida hasta el {date}: {reason}. Todavía puedes iniciar sesión y leer.',
  ],
  ['Your account is suspended until {date}. You can still sign in and read.', 'Tu cuenta está suspendida hasta el {date}. Todavía puedes iniciar sesión y leer.'],

  // --- Limits with their numbers ----------------------------------------------------------
  ['Messages can be at most {max} characters', 'Los mensajes pueden tener como máximo {max} caracteres'],
  ['Tagline must be {max} characters or less', 'El lema debe tener {max} caracteres o menos'],
  ['Bio must be {max} characters or less', 'La biografía debe tener {max} caracteres o menos'],
  ['Password must be at least {min} characters', 'La contraseña debe tener al menos {min} caracteres'],
  ['Challenge name must be {max} characters or less', 'El nombre del reto debe tener {max} caracteres o menos'],
  ['Title must be at most {max} characters', 'El título debe tener como máximo {max} caracteres'],
  ['Prompt must be at most {max} characters', 'El planteamiento debe tener como máximo {max} caracteres'],
  ['Duration must be between {min} and {max} days', 'La duración debe estar entre {min} y {max} días'],
  ['Keep the note under {max} characters.', 'La nota debe tener menos de {max} caracteres.'],
  ['Keep the reason under {max} characters.', 'El motivo debe tener menos de {max} caracteres.'],
  ['Choose a suspension from 1 to {max} days.', 'Elige una suspensión de 1 a {max} días.'],
  ['Your text must be at most {max} words.', 'Tu texto debe tener como máximo {max} palabras.'],
  ['Your recording must be at most {duration} long.', 'Tu grabación debe durar como máximo {duration}.'],

  // --- Caucuses and invitations -----------------------------------------------------------
  ['Required members ({required}) cannot be less than current member count ({count})', 'Los miembros requeridos ({required}) no pueden ser menos que los miembros actuales ({count})'],
  ['Required members must be between 1 and {max}', 'Los miembros requeridos deben estar entre 1 y {max}'],
  ['This caucus is full ({count}/{max} members).', 'Esta asamblea está completa ({count}/{max} miembros).'],
  ['This is a Level {caucusLevel} caucus; you can join Level {userLevel} caucuses.', 'Esta es una asamblea de Nivel {caucusLevel}; tú puedes unirte a asambleas de Nivel {userLevel}.'],
  ['This caucus represents {district}; your home district is {home}.', 'Esta asamblea representa a {district}; tu distrito de residencia es {home}.'],
  ['You are already represented at Level {level} by a caucus that elected its Delegate.', 'Ya estás representado en el Nivel {level} por una asamblea que eligió a su Delegado.'],
  [
    'You are a voting member of "{name}" at this level. Joining this caucus will remove you (and your vote) from it.',
    'Eres miembro votante de "{name}" en este nivel. Si te unes a esta asamblea, saldrás de esa (y se eliminará tu voto allí).',
  ],
  ['{name} has already been invited to this caucus.', '{name} ya tiene una invitación a esta asamblea.'],
  [
    "{name} does not live in {district}: only voters of this caucus's district can be invited to vote in it.",
    '{name} no vive en {district}: solo se puede invitar a votar en esta asamblea a los votantes de su distrito.',
  ],
  ['{name} is already a voting member of this caucus.', '{name} ya es miembro votante de esta asamblea.'],
  ['{name} organizes this caucus, and organizers do not vote.', '{name} organiza esta asamblea, y los organizadores no votan.'],
  ['{name} is already an organizer of this caucus.', '{name} ya organiza esta asamblea.'],
  [
    '{name} is a voting member of this caucus, and organizers do not vote: a voting member cannot also organize it.',
    '{name} es miembro votante de esta asamblea, y los organizadores no votan: un miembro votante no puede también organizarla.',
  ],
  ['This invitation has already been {status}.', 'Esta invitación ya fue {status}.'],
  [
    'Invitation sent to {email}, if this address can take it: with an account, they find it among their invitations; without one, they get a mail with a link to sign up.',
    'Invitación enviada a {email}, si esta dirección puede recibirla: con una cuenta, la encontrará entre sus invitaciones; sin cuenta, recibirá un correo con un enlace para registrarse.',
  ],
  ['An invitation to this caucus was already sent to {email}.', 'Ya se envió una invitación a esta asamblea a {email}.'],

  // --- Challenges and debates -------------------------------------------------------------
  ['A challenge can have at most {max} members.', 'Un reto puede tener como máximo {max} miembros.'],
  ['This challenge is full ({count}/{max} members).', 'Este reto está completo ({count}/{max} miembros).'],
  ['You can only invite up to {max} friends to a debate.', 'Solo puedes invitar hasta {max} amigos a un debate.'],
  ['You can only have {count} active debate(s) at a time.', 'Solo puedes tener {count} debate(s) activo(s) a la vez.'],
  ['You can invite at most {count} more friend(s) to this debate.', 'Puedes invitar como máximo a {count} amigo(s) más a este debate.'],
  ['Sent invitations to {count} friend(s)', 'Se enviaron invitaciones a {count} amigo(s)'],
  ['Your {kind} has been submitted successfully!', '¡Tu {kind} se envió correctamente!'],
  ['Failed to submit your {kind}. Please try again.', 'No se pudo enviar tu {kind}. Inténtalo de nuevo.'],

  // --- Friends, broadcasts, push ----------------------------------------------------------
  ['This friend request has already been {status}.', 'Esta solicitud de amistad ya fue {status}.'],
  ['District must be between 1 and {max} for {state}.', 'El distrito debe estar entre 1 y {max} en {state}.'],
  ['Notifications are on for {max} of your devices already: turn them off on one first.', 'Ya tienes las notificaciones activadas en {max} de tus dispositivos: primero desactívalas en uno.'],

  // --- better-auth's validation: "[body.email] Invalid email address" --------------------
  ['[{field}] {message}', '[{field}] {message}'],

  // --- zod's own messages (a field without a message of ours) ---------------------------
  ['Invalid input: expected {expected}, received {received}', 'Datos no válidos: se esperaba {expected} y se recibió {received}'],
  ['Invalid input: expected {expected}', 'Datos no válidos: se esperaba {expected}'],
  ['Invalid option: expected one of {options}', 'Opción no válida: se esperaba una de {options}'],
  ['Too big: expected string to have <={max} characters', 'Demasiado largo: como máximo {max} caracteres'],
  ['Too small: expected string to have >={min} characters', 'Demasiado corto: al menos {min} caracteres'],
  ['Too big: expected array to have <={max} items', 'Demasiados elementos: como máximo {max}'],
  ['Too small: expected array to have >={min} items', 'Muy pocos elementos: al menos {min}'],
  ['Too big: expected number to be <={max}', 'Demasiado grande: como máximo {max}'],
  ['Too small: expected number to be >={min}', 'Demasiado pequeño: al menos {min}'],
  ['Too big: expected number to be <{max}', 'Demasiado grande: menos de {max}'],
  ['Too small: expected number to be >{min}', 'Demasiado pequeño: más de {min}'],
  ['Invalid string: must match pattern {pattern}', 'Texto no válido: debe seguir el patrón {pattern}'],
  ['Unrecognized keys: {keys}', 'Campos no reconocidos: {keys}'],
  ['Unrecognized key: {key}', 'Campo no reconocido: {key}'],
];
