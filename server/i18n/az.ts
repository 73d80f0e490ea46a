/** The server's words in Azerbaijani, key for key as English's (server/i18n/en.ts). */
import type { ServerTexts } from './en';

export const az: ServerTexts = {
  mails: {
    copyLink: 'Keçid işləmirsə, bu ünvanı kopyalayıb brauzerinizə yapışdırın:',
    registration: {
      subject: 'E-poçt ünvanınızı təsdiqləyin',
      before: ['Qeydiyyatdan keçdiyiniz üçün təşəkkür edirik. Qeydiyyatı tamamlamaq üçün e-poçt ünvanınızı təsdiqləyin və şifrə seçin.'],
      action: 'E-poçtu təsdiqlə və şifrə seç',
      after: ['Əgər qeydiyyatdan keçməmisinizsə, bu məktubu nəzərə almaya bilərsiniz.'],
    },
    reset: {
      subject: 'Şifrənizi sıfırlayın',
      before: [
        'Hesabınızın şifrəsini sıfırlamaq üçün sorğu aldıq. Yeni şifrə seçmək üçün aşağıdakı keçiddən istifadə edin. Keçid bir saat ərzində etibarlıdır.',
      ],
      action: 'Yeni şifrə seç',
      after: ['Əgər bu sorğunu siz göndərməmisinizsə, bu məktubu nəzərə almaya bilərsiniz. Şifrəniz dəyişməz qalacaq.'],
    },
    // "təşkilatına" (to the organisation) carries the case ending, so it fits any organisation name.
    invitation: {
      subject: 'Siz {{organisation}} təşkilatına dəvət olunmusunuz',
      before: ['Siz {{organisation}} təşkilatına qoşulmağa dəvət olunmusunuz. Dəvəti qəbul etmək üçün hesabınıza şifrə seçin.'],
      action: 'Şifrə seç',
      after: ['Əgər bu dəvəti gözləmirdinizsə, bu məktubu nəzərə almaya bilərsiniz.'],
    },
  },
  alerts: {
    events: {
      'passkey-added': {
        subject: 'Hesabınıza giriş açarı əlavə edildi',
        what: '{{when}} tarixində hesabınıza giriş açarı əlavə edildi.',
      },
      'passkey-removed': {
        subject: 'Hesabınızdan giriş açarı silindi',
        what: '{{when}} tarixində hesabınızdan giriş açarı silindi.',
      },
      'totp-enabled': {
        subject: 'İki mərhələli təsdiq aktiv edildi',
        what: '{{when}} tarixində hesabınızın iki mərhələli təsdiqi üçün autentifikasiya tətbiqi quruldu və yeni bərpa kodları yaradıldı.',
      },
      'totp-replaced': {
        subject: 'Autentifikasiya tətbiqiniz dəyişdirildi',
        what: '{{when}} tarixində hesabınızın istifadə etdiyi autentifikasiya tətbiqi yenisi ilə əvəz olundu və yeni bərpa kodları yaradıldı. Əvvəlki tətbiq və kodlar artıq işləmir.',
      },
      'recovery-codes-renewed': {
        subject: 'Yeni bərpa kodları yaradıldı',
        what: '{{when}} tarixində hesabınız üçün yeni bərpa kodları yaradıldı. Əvvəlki kodlar artıq işləmir.',
      },
      'recovery-code-used': {
        subject: 'Giriş üçün bərpa kodu istifadə edildi',
        what: '{{when}} tarixində kimsə bərpa kodu ilə hesabınıza daxil oldu. Qalan bərpa kodları: {{left}}.',
      },
      'second-factor-reset': {
        subject: 'İki mərhələli təsdiqiniz sıfırlandı',
        what: '{{when}} tarixində administrator hesabınızın iki mərhələli təsdiqini sıfırladı: autentifikasiya tətbiqi, bərpa kodları və giriş açarları silindi, bütün cihazlarda hesabdan çıxarıldınız. Növbəti girişinizdə iki mərhələli təsdiqi yenidən quracaqsınız.',
      },
      'new-device': {
        subject: 'Hesabınıza yeni giriş',
        what: '{{when}} tarixində kimsə {{device}} vasitəsilə hesabınıza daxil oldu; bu brauzerdən son 90 gündə hesabınıza giriş edilməyib.',
      },
      'password-changed': {
        subject: 'Şifrəniz dəyişdirildi',
        what: '{{when}} tarixində hesabınızın şifrəsi {{device}} vasitəsilə dəyişdirildi.',
      },
      'password-reset': {
        subject: 'Şifrəniz sıfırlandı',
        what: '{{when}} tarixində hesabınızın şifrəsi sizə göndərilən keçidlə {{device}} vasitəsilə sıfırlandı.',
      },
    },
    device: '{{system}} üzərində {{browser}}',
    unknownBrowser: 'naməlum brauzer',
    unknownSystem: 'naməlum sistem',
    ignore: 'Əgər bu sizsinizsə, bu məktubu nəzərə almaya bilərsiniz.',
    action: 'Bu mən deyildim',
    undo: 'Əgər bu siz deyildinizsə, yuxarıdakı keçiddən istifadə edin: o, sizi bütün cihazlarda hesabdan çıxarır, giriş açarlarınızı və başqa birinin əlavə edə biləcəyi hər bir autentifikasiya tətbiqini silir və yeni şifrə seçməyinizi istəyir. Keçid 24 saat ərzində bir dəfə işləyir.',
    secured: {
      subject: 'Yeni şifrə seçin',
      before: [
        'Hesabınızdakı dəyişikliyin sizə aid olmadığını bildirdiniz. Sizi bütün cihazlarda hesabdan çıxardıq, əlavə ediləni sildik və şifrənizi söndürdük.',
        'Aşağıdakı keçidlə yeni şifrə seçin. Keçid bir saat ərzində etibarlıdır.',
      ],
      action: 'Yeni şifrə seç',
      after: ['Keçidin vaxtı keçibsə, giriş səhifəsində “Şifrəni unutmusunuz” ilə yenisini istəyin.'],
    },
    digest: {
      subject: 'Hesabınızda daha çox fəaliyyət',
      intro: 'Hesabınızda daha {{count}} dəyişiklik və ya giriş oldu: bir saatda ayrıca bildirdiyimizdən çox. Hamısı bir məktubda:',
      times: '{{count}} dəfə, sonuncusu: {{what}}',
    },
  },
  providerPages: {
    errorTitle: 'Bu giriş sorğusundan istifadə etmək olmur',
    errorBody:
      'Sizi bura göndərən tətbiq girişin icazə vermədiyi bir şey istədi. Tətbiqə qayıdın və yenidən cəhd edin; bu yenə baş verərsə, tətbiqi idarə edənlərə bildirin.',
    details: 'Tətbiqin tərtibatçıları üçün təfərrüatlar',
    login: 'Girişə keç',
    logoutTitle: 'Çıxış edilsin?',
    logoutAsks: '{{app}} sizi çıxarmaq istəyir.',
    logoutAsksAnApp: 'Bir tətbiq sizi çıxarmaq istəyir.',
    logoutBody: 'Bu brauzerdə girişdən və onunla daxil olduğunuz hər tətbiqdən çıxacaqsınız.',
    signOut: 'Çıxış',
    stay: 'Daxil qal',
    signedOutTitle: 'Çıxış etdiniz',
    signedOutBody: 'Artıq bu brauzerdə daxil deyilsiniz.',
  },
  devicePages: {
    codeTitle: 'Cihazda daxil olun',
    codeBody: 'Televizorunuzun, konsolunuzun və ya əmr sətrinizin göstərdiyi kodu daxil edin.',
    codeLabel: 'Kod',
    next: 'Davam et',
    refused: {
      NoCodeError: 'Cihazınızın göstərdiyi kodu daxil edin.',
      NotFoundError: 'Bu kodu gözləyən cihaz yoxdur. Onu yoxlayın və yenidən cəhd edin.',
      ExpiredError: 'Bu kodun vaxtı bitib. Yeni kod almaq üçün cihazınızda yenidən başlayın.',
      AlreadyUsedError: 'Bu koddan artıq istifadə olunub. Yeni kod almaq üçün cihazınızda yenidən başlayın.',
    },
    confirmTitle: 'Cihazınızda daxil olunsun?',
    confirmBody: '{{app}} hesabınıza daxil olmaq istəyir. Yalnız cihazınız {{code}} göstərirsə təsdiqləyin.',
    confirm: 'Təsdiqlə',
    cancel: 'Ləğv et',
    cancelledTitle: 'Giriş ləğv edildi',
    cancelledBody: 'Cihazınız daxil olmadı. Bu səhifəni bağlaya bilərsiniz.',
    doneTitle: 'Cihazınıza qayıda bilərsiniz',
    doneBody: 'Cihazınız daxil oldu. Bu səhifəni bağlaya bilərsiniz.',
  },
};
